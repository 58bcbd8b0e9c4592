"""The dealer's drills (issue 16): procedure, irregularities, payouts at the table, catch the dealer."""
