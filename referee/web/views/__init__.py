"""The pages: a blueprint per page family, each registered in :func:`referee.web.create_app`.

A view reads its form, calls the layers below and redirects or renders.  No view imports
another: what two views share lives in :mod:`referee.web.parts`, below them.
"""
