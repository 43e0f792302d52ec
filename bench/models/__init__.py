# Each system's odds worked out again with icepool from its rule text
# (bench/icepool_tables.py): a module a registry row, named as its package.
