# The module beside uses_helper.py.
def block(line):
    return int(line.split()[0])
