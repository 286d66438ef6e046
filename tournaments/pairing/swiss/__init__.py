"""Swiss pairing of players by the FIDE (Dutch) System, C.04.3 as applied from 1 July 2025.

- `trf`: the FIDE Tournament Report File, read and written; `trf_fields` its shared fields and
  the option lines (``XXA`` accelerations, ``XXP`` forbidden pairs).
- `state`: what the pairing knows of each player before a round (PairingInput, PlayerState),
  forbidden opponents and virtual points included.
- `acceleration`: FIDE's Baku acceleration (C.04.5.1) as virtual points per player and round.
- `matching`: exact maximum-weight matching on a general graph (Edmonds' blossom method).
- `dutch_criteria`: the player as the engine sees him, the criteria, one bracket's weighted
  matching.
- `dutch`: the bracket procedure, colours and board order (`pair_round`, `allocate_colours`).
- `systems`: the registry of pairing systems by key.
- `checker`: re-pairs every round of a tournament and lists the differences.
- `simulate`: random tournaments played out by the engine, for benchmarks, tests and demos.
- `__main__`: the command line of the FIDE-endorsed engines,
  `python -m tournaments.pairing.swiss --dutch FILE.trf -p|-c`.
"""
