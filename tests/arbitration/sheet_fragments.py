"""Score-sheet fragments for the tests, as arbiters would paste them.

Endgames start from a [FEN] tag (PDN's way of writing a game from a set-up position); the engine
checks every move when the tests replay them. Ply numbers: 1 = the first move written.
"""

# Brazilian, kings only (2 v 2): the start position comes back after 2... and 4...: its third
# occurrence (CBD Art. 98) is after 4... (ply 8), not yet after 3... .
THREEFOLD = """[Event "Aberto de Campinas"]
[GameType "26"]
[FEN "W:WKc1,Ke1:BKb8,Kd8"]

1. c1-d2 b8-a7 2. d2-c1 a7-b8 3. c1-d2 b8-a7 4. d2-c1 a7-b8 *
"""

# A man move (1. a3-b4), then only king moves: 20 moves each (40 half-moves, CBD Art. 97 (b))
# are complete after 21. (ply 41); after 20... only 39 half-moves were king moves.
KING_MOVES = """[GameType "26"]
[FEN "W:WKc1,a3:BKb8,a7"]

1. a3-b4 b8-c7 2. c1-h6 c7-b8 3. h6-c1 b8-c7 4. c1-h6 c7-b8 5. h6-c1 b8-c7
6. c1-h6 c7-b8 7. h6-c1 b8-c7 8. c1-h6 c7-b8 9. h6-c1 b8-c7 10. c1-h6 c7-b8
11. h6-c1 b8-c7 12. c1-h6 c7-b8 13. h6-c1 b8-c7 14. c1-h6 c7-b8 15. h6-c1 b8-c7
16. c1-h6 c7-b8 17. h6-c1 b8-c7 18. c1-h6 c7-b8 19. h6-c1 b8-c7 20. c1-h6 c7-b8
21. h6-c1 *
"""

# Two kings against one (CBD Art. 99): the endgame stands from the start, so its 5 moves each
# (10 half-moves) are complete after 5... ; after 4... only 8.
ENDGAME_5 = """[GameType "26"]
[FEN "W:WKc1,Kh4:BKb8"]

1. h4-d8 b8-a7 2. d8-h4 a7-b8 3. h4-d8 b8-a7 4. d8-h4 a7-b8 5. h4-d8 b8-a7 *
"""

# Three kings against a lone king that keeps to the main diagonal a1-h8 (d4 and h8),
# CBD Art. 100: 5 moves each, complete after 5... . The same kings go on to 20 moves each,
# which the `basic` (13 each, Regras Básicas Art. 12) and `club` (20 each) profiles count as
# three-vs-one.
THREE_KINGS_ON_DIAGONAL = """[GameType "26"]
[FEN "W:WKh6,Kh4,Ka3:BKd4"]

1. h6-f8 d4-h8 2. f8-h6 h8-d4 3. h6-f8 d4-h8 4. f8-h6 h8-d4 5. h6-f8 d4-h8
6. f8-h6 h8-d4 7. h6-f8 d4-h8 8. f8-h6 h8-d4 9. h6-f8 d4-h8 10. f8-h6 h8-d4
11. h6-f8 d4-h8 12. f8-h6 h8-d4 13. h6-f8 d4-h8 14. f8-h6 h8-d4 15. h6-f8 d4-h8
16. f8-h6 h8-d4 17. h6-f8 d4-h8 18. f8-h6 h8-d4 19. h6-f8 d4-h8 20. f8-h6 h8-d4 *
"""

# The same three kings, but the lone king keeps to a7 and b8, off the main diagonal.
THREE_KINGS_OFF_DIAGONAL = """[GameType "26"]
[FEN "W:WKh6,Kh4,Ka3:BKa7"]

1. h6-f8 a7-b8 2. f8-h6 b8-a7 3. h6-f8 a7-b8 4. f8-h6 b8-a7 5. h6-f8 a7-b8 *
"""

# International draughts, a king and two men against a lone king: CBD Art. 100 gives 5 moves
# each in rapid and blitz (complete after 5...), 15 in classical (complete after 15...).
THREE_VS_ONE_100 = """[GameType "20"]
[FEN "W:WK47,48,49:BK3"]

1. 47-15 3-8 2. 15-47 8-3 3. 47-15 3-8 4. 15-47 8-3 5. 47-15 3-8
6. 15-47 8-3 7. 47-15 3-8 8. 15-47 8-3 9. 47-15 3-8 10. 15-47 8-3
11. 47-15 3-8 12. 15-47 8-3 13. 47-15 3-8 14. 15-47 8-3 15. 47-15 3-8 *
"""

# From the start: after 1. 22-18 11-15 White must capture 18x11; 2. 21-17 is Art. 23 (f).
# If Black lets it stand, Black's 15 then takes 18 and 17 (15x13) and the game goes on.
CAPTURE_IGNORED = """[Event "Aberto de Campinas"]
[GameType "26"]

1. 22-18 11-15 2. 21-17 15x13 3. 25-21 *
"""

# The same game as it should have been played: 2. 18x11 8x15.
CAPTURE_MADE = """[GameType "26"]

1. 22-18 11-15 2. 18x11 8x15 3. 21-17 *
"""

# A PDN syntax error on line 3, column 16: "22-1B" is not a move.
SYNTAX_ERROR = """[GameType "26"]

1. 22-18 11-15 22-1B 8x15 *
"""
