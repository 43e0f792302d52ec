# Character sheets and the table file as TOML: loaded, checked, pointed at by
# line, named, and written back in place.
