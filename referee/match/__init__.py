"""A match and what is made of matches, over the rules core.

A match's ledger (its running totals, minimums and winner), a hand as the phone enters
it, the JSON contracts of ``referee score``/``check``, the checks of a stored or
imported match, the largest match, a group's roster and statistics, a club tournament
and its standings, the words each game uses, the totals chart, names kept as plain
text.  Pure Python: no web, no storage, no PDF -- those layers stand above this one.
"""
