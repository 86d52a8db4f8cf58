"""French Foreign Legion (Yaquinto, 1982): board, roster, tables and rules."""
