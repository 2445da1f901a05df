/* Every expansion of F is a syntax error with its macro notes: a few
   lines of source that make the compiler say megabytes. */
#define F0 int = ;
#define F1 F0 F0 F0 F0 F0 F0 F0 F0
#define F2 F1 F1 F1 F1 F1 F1 F1 F1
#define F3 F2 F2 F2 F2 F2 F2 F2 F2
#define F4 F3 F3 F3 F3 F3 F3 F3 F3
#define F5 F4 F4 F4 F4 F4 F4 F4 F4
#define F6 F5 F5 F5 F5 F5 F5 F5 F5
F6
int main(void) { return 0; }
