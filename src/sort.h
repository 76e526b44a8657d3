/*
 * Internal to the C core: the one sort it uses, in place and stable.
 */
#ifndef COLLIDE2D_SORT_H
#define COLLIDE2D_SORT_H

#include <stddef.h>

/*
 * Sort n elements of size bytes at base into the order cmp gives (negative,
 * zero or positive, as for qsort), keeping equal elements in the order they
 * came. No allocation, no recursion deeper than about 2 log2(n), and the same
 * order on every machine (the C library's qsort may allocate on each call, and
 * its order of equal elements differs between libraries).
 */
void c2d_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));

#endif
