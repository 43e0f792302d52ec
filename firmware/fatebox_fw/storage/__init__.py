# What the box keeps on flash (docs/flash.md): the characters and settings, the
# roll journal, a transaction's staging, their files and checks.
