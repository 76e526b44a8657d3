/*
 * A stable sort in place with no allocation. Runs of 16 are sorted by
 * binary insertion, then merged pairwise. A merge whose shorter run fits in a
 * buffer on the stack (4 KB) copies that run out and merges into place; a
 * longer one is split in two smaller merges by the symmetric merge of Kim and
 * Kutzner (2004): both runs cut at a point found by binary search, the middle
 * rotated. O(n log n) comparisons; O(n log n) moves while the runs fit the
 * buffer, O(n log^2 n) beyond. Queries sort with it every call (a sight's
 * directions, its blockers by distance), where an allocation per query is
 * not allowed.
 */
#include <string.h>
#include "sort.h"

#define BUFFER 4096

typedef struct sorter {
    unsigned char *base;
    size_t size;
    int (*cmp)(const void *, const void *);
    unsigned char *buf; /* BUFFER bytes */
} sorter;

#define AT(s, i) ((s)->base + (i) * (s)->size)

/* Is element i before element j (strictly). */
static int before(const sorter *s, size_t i, size_t j)
{
    return s->cmp(AT(s, i), AT(s, j)) < 0;
}

/* Swap the k elements from i with the k from j (the ranges do not overlap). */
static void swap_runs(const sorter *s, size_t i, size_t j, size_t k)
{
    unsigned char *a = AT(s, i), *b = AT(s, j), t[64];
    size_t left = k * s->size;
    while (left > 0) {
        size_t c = left < sizeof t ? left : sizeof t;
        memcpy(t, a, c);
        memcpy(a, b, c);
        memcpy(b, t, c);
        a += c;
        b += c;
        left -= c;
    }
}

/* [lo, mid) [mid, hi) becomes [mid, hi) [lo, mid): swap the shorter side
 * across until the two are of one length. */
static void rotate(const sorter *s, size_t lo, size_t mid, size_t hi)
{
    size_t l = mid - lo, r = hi - mid;
    if (l == 0 || r == 0) return;
    while (l != r) {
        if (l > r) {
            swap_runs(s, mid - l, mid, r);
            l -= r;
        } else {
            swap_runs(s, mid - l, mid + r - l, l);
            r -= l;
        }
    }
    swap_runs(s, mid - l, mid, l);
}

/* Insert each element after those of [lo, i) not after it. */
static void insertion(const sorter *s, size_t lo, size_t hi)
{
    size_t i;
    for (i = lo + 1; i < hi; i++) {
        size_t a = lo, b = i;
        if (!before(s, i, i - 1)) continue;
        while (a < b) {
            size_t h = a + (b - a) / 2;
            if (before(s, i, h)) b = h;
            else a = h + 1;
        }
        if (s->size <= BUFFER) {
            memcpy(s->buf, AT(s, i), s->size);
            memmove(AT(s, a + 1), AT(s, a), (i - a) * s->size);
            memcpy(AT(s, a), s->buf, s->size);
        } else {
            rotate(s, a, i, i + 1);
        }
    }
}

/* Merge through the buffer: the left run copied out and merged forward, or
 * the right one merged backward; a tie takes the left run's element first. */
static void merge_buffered(const sorter *s, size_t lo, size_t mid, size_t hi)
{
    size_t z = s->size;
    if (mid - lo <= hi - mid) {
        const unsigned char *b = s->buf, *bend = s->buf + (mid - lo) * z;
        unsigned char *r = AT(s, mid), *rend = AT(s, hi), *out = AT(s, lo);
        memcpy(s->buf, out, (mid - lo) * z);
        while (b < bend && r < rend) {
            if (s->cmp(r, b) < 0) {
                memcpy(out, r, z);
                r += z;
            } else {
                memcpy(out, b, z);
                b += z;
            }
            out += z;
        }
        memcpy(out, b, (size_t)(bend - b));
    } else {
        const unsigned char *b = s->buf + (hi - mid) * z, *bstart = s->buf;
        unsigned char *l = AT(s, mid), *lstart = AT(s, lo), *out = AT(s, hi);
        memcpy(s->buf, l, (hi - mid) * z);
        while (b > bstart && l > lstart) {
            out -= z;
            if (s->cmp(b - z, l - z) < 0) {
                l -= z;
                memcpy(out, l, z);
            } else {
                b -= z;
                memcpy(out, b, z);
            }
        }
        memcpy(lstart, bstart, (size_t)(b - bstart));
    }
}

/*
 * Merge the sorted runs [lo, mid) and [mid, hi). Cut both so that the left
 * run's tail and the right run's head, swapped, leave every element of
 * [lo, centre) not after any of [centre, hi); rotate; merge the two halves.
 * Equal elements keep their order: a left element moves right of a right one
 * only when it is after it.
 */
static void merge(const sorter *s, size_t lo, size_t mid, size_t hi)
{
    size_t centre, a, b, start, end;
    if (mid == lo || mid == hi || !before(s, mid, mid - 1)) return;
    if ((mid - lo < hi - mid ? mid - lo : hi - mid) * s->size <= BUFFER) {
        merge_buffered(s, lo, mid, hi);
        return;
    }
    centre = lo + (hi - lo) / 2;
    /* the cut: start in the left run, end = mid + centre - start in the
     * right, the least start whose element is after the right one paired
     * with it (mirrored about the centre) */
    if (mid > centre) {
        a = mid + centre - hi;
        b = centre;
    } else {
        a = lo;
        b = mid;
    }
    while (a < b) {
        size_t c = a + (b - a) / 2;
        if (before(s, mid + centre - c - 1, c)) b = c;
        else a = c + 1;
    }
    start = a;
    end = mid + centre - start;
    rotate(s, start, mid, end);
    merge(s, lo, start, centre);
    merge(s, centre, end, hi);
}

void c2d_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    sorter s;
    unsigned char buf[BUFFER];
    size_t run = 16, lo;
    if (n < 2 || size == 0) return;
    s.base = (unsigned char *)base;
    s.size = size;
    s.cmp = cmp;
    s.buf = buf;
    for (lo = 0; lo < n; lo += run) insertion(&s, lo, lo + run < n ? lo + run : n);
    for (; run < n; run *= 2)
        for (lo = 0; lo + run < n; lo += 2 * run)
            merge(&s, lo, lo + run, lo + 2 * run < n ? lo + 2 * run : n);
}
