# docs/performance.md's tables from the benches' figures (tools/docs.py): each
# from bench/results/<bench>.json, which `make bench` writes with the commit.
REGIONS = {}
