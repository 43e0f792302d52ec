import pytest

from tests.serve.procs import Box, Serve


@pytest.fixture
def procs():
    started = []

    class Start:
        def gadget(self, state, *extra):
            g = Box(state, *extra)
            started.append(g)
            return g

        def serve(self, *args, env=None, files=None):
            s = Serve(*args, env=env, files=files)
            started.append(s)
            return s
    yield Start()
    for p in reversed(started):
        p.kill()
