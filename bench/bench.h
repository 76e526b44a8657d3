/*
 * What the C benchmarks share: a small generator of their own (xorshift64*),
 * so every run times the same shapes, and the thread's CPU clock. Include
 * after <time.h> with _POSIX_C_SOURCE defined.
 */
#ifndef COLLIDE2D_BENCH_H
#define COLLIDE2D_BENCH_H

static unsigned long long state = 0x9e3779b97f4a7c15ULL;

/* A uniform double in [lo, hi). */
static double uniform(double lo, double hi)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return lo + (hi - lo) * (double)((state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

/* Seconds of CPU time this thread has used. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
