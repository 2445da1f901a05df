# A 2048 one-block answer that imports a module saved beside it (as
# helper.py), for the working-directory test: run by a relative path,
# from a working directory of its own, its import must still work.
import helper

n = int(input())
print(helper.block(input()))
