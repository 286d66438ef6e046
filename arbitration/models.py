"""Score sheets, draw claims, irregularity claims and the audit log (issue 7)."""
