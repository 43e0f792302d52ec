# fatebox: the host tool for the Fatebox table gadget (character sheets,
# board discovery, sync, odds); it talks to any board through pyserial.
from shared_rules import VERSION as RULES_VERSION

VERSION = "0.1.0"
