/* Where a PNG's validation spends its CPU, one part at a time, on one idle core: the measurement behind the
 * plan for the 50 MB ingest (issue 15). Not part of `make bench`; run by hand:
 *
 *   gcc -O2 bench/png_decode_cost.c -o /tmp/png_decode_cost -lpng -lz && /tmp/png_decode_cost IMAGE.png
 *
 * Each line is the best of five runs:
 *   progressive, critical CRCs checked       libpng's progressive reader as `PNGStream` opened with them
 *   progressive, critical CRCs trusted       as the agent opens it (the CRCs run on the hash lane instead)
 *   progressive, CRCs and Adler-32 trusted   what the unfiltering and libpng's row handling cost on their own
 *   inflate only, with Adler-32               the image data's zlib stream, no unfiltering
 *   inflate only, no Adler-32
 *   Adler-32 / CRC-32 of the whole file       each checksum's own cost
 * The image is fed in 256 KiB pieces, as an INCR transfer hands it over. */
#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static unsigned long rows, height;
static void on_info(png_structp png, png_infop info) { height = png_get_image_height(png, info); png_start_read_image(png); }
static void on_row(png_structp png, png_bytep row, png_uint_32 n, int pass) { (void)png; (void)n; (void)pass; if (row) rows++; }
static void on_end(png_structp png, png_infop info) { (void)png; (void)info; }
static void quiet(png_structp png, png_const_charp message) { (void)png; (void)message; }

enum { CHECKED, TRUSTED, NO_ADLER, INFLATE, INFLATE_NO_ADLER, ADLER, CRC, MODES };
static const char *names[MODES] = {
    "progressive, critical CRCs checked", "progressive, critical CRCs trusted", "progressive, CRCs and Adler-32 trusted",
    "inflate only, with Adler-32", "inflate only, no Adler-32", "Adler-32 of the whole file", "CRC-32 of the whole file",
};

static int progressive(const unsigned char *data, size_t size, int mode) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, quiet);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); return 0; }
    png_set_progressive_read_fn(png, NULL, on_info, on_row, on_end);
    if (mode != CHECKED) png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_DEFAULT);
    if (mode == NO_ADLER) png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    for (size_t at = 0; at < size; at += 262144) png_process_data(png, info, (png_bytep)data + at, size - at < 262144 ? size - at : 262144);
    png_destroy_read_struct(&png, &info, NULL);
    return rows == height; /* every row of a non-interlaced image (the bench's) was decoded */
}

static int inflate_only(const unsigned char *data, size_t size, int adler) {
    static unsigned char out[1 << 20];
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return 0;
    if (!adler) inflateValidate(&z, 0);
    int result = Z_OK;
    for (size_t at = 8; at + 12 <= size && result == Z_OK;) {
        size_t length = (size_t)data[at] << 24 | data[at + 1] << 16 | data[at + 2] << 8 | data[at + 3];
        if (length > size - at - 12) break;
        if (memcmp(data + at + 4, "IDAT", 4) == 0) {
            z.next_in = (Bytef *)data + at + 8;
            z.avail_in = (uInt)length;
            while (z.avail_in > 0 && result == Z_OK) {
                z.next_out = out;
                z.avail_out = sizeof out;
                result = inflate(&z, Z_NO_FLUSH);
            }
        }
        at += 12 + length;
    }
    inflateEnd(&z);
    return result == Z_STREAM_END;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s IMAGE.png\n", argv[0]); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    unsigned char *data = malloc((size_t)size);
    if (data == NULL || fread(data, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(file);
    printf("%s: %.1f MB\n", argv[1], size / 1e6);
    for (int mode = 0; mode < MODES; mode++) {
        double best = 1e9;
        int ok = 1;
        for (int run = 0; run < 5; run++) {
            rows = 0;
            double start = now_ms();
            switch (mode) {
            case CHECKED: case TRUSTED: case NO_ADLER: ok = progressive(data, (size_t)size, mode); break;
            case INFLATE: ok = inflate_only(data, (size_t)size, 1); break;
            case INFLATE_NO_ADLER: ok = inflate_only(data, (size_t)size, 0); break;
            case ADLER: ok = adler32(adler32(0, NULL, 0), data, (uInt)size) != 0; break;
            case CRC: ok = crc32(crc32(0, NULL, 0), data, (uInt)size) != 0; break;
            }
            double took = now_ms() - start;
            if (took < best) best = took;
        }
        printf("%-40s %7.1f ms%s\n", names[mode], best, ok ? "" : "  (failed)");
    }
    free(data);
    return 0;
}
