# A correct answer to a one-block 2048 case ("1\nV\n"): the block itself.
n = int(input())
print(int(input().split()[0]))
