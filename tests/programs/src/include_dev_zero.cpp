// Includes a file without end: the preprocessor reads /dev/zero into
// memory until something stops it.
#include "/dev/zero"
int main() { return 0; }
