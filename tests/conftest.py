# Every test run keeps its own runtime folder for virtual gadgets (host/fatebox/
# gadgets.py), so a `make run` going on beside the tests is never found by them.
import os
import tempfile

os.environ["FATEBOX_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="fatebox-test-runtime-")
