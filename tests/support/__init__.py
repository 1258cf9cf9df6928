"""What the tests and the benchmarks share, none of it a test: sample matches and hands,
the app driven through its forms, a real server, a browser's checks, junk to throw at the
routes, Hypothesis's profiles.  Tests and benches import from here, never from a test
module or a conftest (the conftests hold fixtures only, made from these)."""
