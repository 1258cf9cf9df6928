"""What the views are built from, none of it a view: the forms, who may open a link, a
match's ledger kept between requests, a table's own rules in the forms, what a tournament
and a group show now, the charts, the pieces of pages kept once rendered.

A part may use the web's plumbing (:mod:`referee.web.plumbing`) and other parts, never a
view (:mod:`referee.web.views`).
"""
