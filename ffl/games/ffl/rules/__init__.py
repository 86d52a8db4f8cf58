"""The French Foreign Legion rules, one module per rule area.

context (shared plumbing), setup (2), sequence (3, 5), movement (6.1-6.2, 6.4-6.6),
ropes (6.3), melee (6.7), stun (6.5 jump results, 6.53, 8), victory (9);
fire, sight, arc, leaders (7) are FFL-FIRE's.
"""
