# A careless file for the isolation test of tests/cli/source.rs: saved as
# tokenize.py beside a contestant's source, it must never be imported by
# the harness's syntax check (which imports the standard tokenize).
import sys

sys.stderr.write("the tokenize.py beside the source was imported\n")
sys.exit(1)
