# The protocol v2 server and its ops (docs/protocol.md): frames in, one reply
# per request; the ops a host asks now and then come into RAM for one request.
