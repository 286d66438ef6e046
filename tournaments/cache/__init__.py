"""The public pages served from a cache, and the version that keys it.

- `versions`: one version per tournament, moved in the same transaction as every write that
  changes what its pages show; `committed` says when such a write has committed.
- `shared_versions`: a copy of the versions in Redis, so a warm page asks the database nothing,
  safe across Redis restarts.
- `pages`: whole pages and computed pieces stored per version, with their HTTP headers.

May import: `models` and below. Never `services`, `files` or `pages`: the pages compute their
pieces when `committed` is sent (tournaments/pages/pieces.py listens).
"""
