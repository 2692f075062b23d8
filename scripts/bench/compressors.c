// compressors: every level of every deflate compressor this machine's packages offer, on one picture's PNG rows, for
// scripts/bench/compressors (issue 21: which compressor could make a PNG miss fast enough and still small enough).
// Reads the rows exactly as ringd compresses them (filter None: a 0 byte, then the row's straight RGBA) from a file
// and prints, per compressor and level, the zlib stream's bytes and the best CPU time of N runs:
//
//   compressors ROWS_FILE RUNS      →  lines "name level bytes milliseconds"
//
// libdeflate (levels 1–12) and zlib (1–9) always; ISA-L's igzip (levels 0–3) when built with -DWITH_ISAL (the
// script does that when `pkg-config libisal` finds it). Built by scripts/bench/compressors (cc -O2); not part of ringd.
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <zlib.h>
#ifdef WITH_ISAL
#include <isa-l/igzip_lib.h>
#endif

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: compressors ROWS_FILE RUNS\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *in = malloc(n);
    if (!in || fread(in, 1, n, f) != n) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(f);
    int runs = atoi(argv[2]);
    size_t capacity = compressBound(n) + 1024;
    unsigned char *out = malloc(capacity);

    for (int level = 1; level <= 12; level++) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        double best = 1e30;
        size_t size = 0;
        for (int k = 0; k < runs; k++) {
            double t = now_ms();
            size = libdeflate_zlib_compress(c, in, n, out, capacity);
            t = now_ms() - t;
            if (t < best) best = t;
        }
        printf("libdeflate %d %zu %.3f\n", level, size, best);
        libdeflate_free_compressor(c);
    }
    for (int level = 1; level <= 9; level++) {
        double best = 1e30;
        uLongf size = 0;
        for (int k = 0; k < runs; k++) {
            size = capacity;
            double t = now_ms();
            if (compress2(out, &size, in, n, level) != Z_OK) { fprintf(stderr, "zlib failed\n"); return 1; }
            t = now_ms() - t;
            if (t < best) best = t;
        }
        printf("zlib %d %lu %.3f\n", level, (unsigned long)size, best);
    }
#ifdef WITH_ISAL
    const unsigned sizes[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT};
    for (int level = 0; level <= 3; level++) {
        unsigned char *levelBuffer = malloc(sizes[level]);
        double best = 1e30;
        size_t size = 0;
        for (int k = 0; k < runs; k++) {
            struct isal_zstream s;
            isal_deflate_init(&s);
            s.level = level;
            s.level_buf = levelBuffer;
            s.level_buf_size = sizes[level];
            s.gzip_flag = IGZIP_ZLIB;
            s.end_of_stream = 1;
            s.flush = NO_FLUSH;
            s.next_in = in;
            s.avail_in = (unsigned)n;
            s.next_out = out;
            s.avail_out = (unsigned)capacity;
            double t = now_ms();
            if (isal_deflate(&s) != COMP_OK || s.internal_state.state != ZSTATE_END) {
                fprintf(stderr, "igzip failed\n");
                return 1;
            }
            t = now_ms() - t;
            if (t < best) best = t;
            size = s.total_out;
        }
        printf("igzip %d %zu %.3f\n", level, size, best);
        free(levelBuffer);
    }
#endif
    free(out);
    free(in);
    return 0;
}
