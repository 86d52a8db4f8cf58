"""The Legend Begins standard rules (1.0 - 33.0), one module per rule area.

``context`` (what a call reads; the state layout), ``hexmap`` (the map as the rules
read it), ``zoc`` (7.0), ``movement`` / ``boxes`` / ``moves`` (4.0, 27.0, 14.0),
``stacking`` (5.0), ``org`` (6.0, 15.2, 28.11), ``supply`` (8.3, 19.2), ``combat`` /
``resolve`` / ``retreat`` / ``pending`` / ``fight`` (9.0 - 16.0, 19.0), ``ports`` /
``logistics`` (20.0 - 26.0), ``works`` (16.2, 16.3, 18.0, 28.5, 30.0), ``reinforce`` /
``recovery`` (28.0, 29.0, 31.0), ``turn`` (3.0), ``victory`` (32.0, 33.0),
``setup``, ``actions`` (self-play lists), ``checks`` (invariants), ``ops`` (shared
state changes).
"""
