"""The benchmark behind ``manage.py bench`` (``make bench``, issue 21): a synthetic club built in a
fresh database through the project's own services, then every figure of the issue timed against a
floor measured in the same run, with query counts and peak memory. Nothing here is on a request's
path: only the bench command imports it."""
