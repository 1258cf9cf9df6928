"""Around every request, whatever page it asks for: settings, the database connection
per thread, languages, security headers, limits, bodies, compression, caching headers,
the proxy, error pages, the poll answered before Flask, a small LRU.

The plumbing knows no page: it imports neither a view nor a part.
"""
