#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* libpng's row-by-row reader for Swift. libpng reports errors by longjmp, which Swift cannot catch, so every call
 * that can fail is wrapped below behind its own setjmp, in C, and returns 1 (done) or 0 (failed, message set).
 * The data is read from memory; nothing is printed. */
#define HB_PNG_MESSAGE 160

typedef struct {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[HB_PNG_MESSAGE];
} hb_png_reader;

/* libpng's error callback for both readers: the error pointer is the reader's `message` buffer. */
static void hb_png_error(png_structp png, png_const_charp message) {
    char *buffer = (char *)png_get_error_ptr(png);
    if (buffer != NULL) {
        strncpy(buffer, message, HB_PNG_MESSAGE - 1);
        buffer[HB_PNG_MESSAGE - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void hb_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void hb_png_read_data(png_structp png, png_bytep out, size_t count) {
    hb_png_reader *reader = (hb_png_reader *)png_get_io_ptr(png);
    if (count > reader->size - reader->offset) png_error(png, "the PNG data ends early (truncated)");
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

/* A reader of `size` bytes at `data` (which must outlive it) refusing images wider or taller than `max_side` and
 * ancillary chunks over `max_chunk` bytes; NULL when libpng cannot start. */
static inline hb_png_reader *hb_png_open(const void *data, size_t size, png_uint_32 max_side, size_t max_chunk) {
    hb_png_reader *reader = (hb_png_reader *)calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = (const unsigned char *)data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader->message, hb_png_error, hb_png_warning);
    if (reader->png == NULL) { free(reader); return NULL; }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) { png_destroy_read_struct(&reader->png, NULL, NULL); free(reader); return NULL; }
    png_set_read_fn(reader->png, reader, hb_png_read_data);
    png_set_user_limits(reader->png, max_side, max_side);
    png_set_chunk_malloc_max(reader->png, max_chunk);
    return reader;
}

static inline void hb_png_close(hb_png_reader *reader) {
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader);
}

/* Reads the chunks before the image data (IHDR first). */
static inline int hb_png_read_info(hb_png_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_info(reader->png, reader->info);
    return 1;
}

/* With `rgba8`, rows come out as 8-bit RGBA whatever the PNG holds (palette, grey, 16 bits, tRNS); without, as
 * stored. Interlaced images are never combined: each pass's rows come out on their own. */
static inline int hb_png_start(hb_png_reader *reader, int rgba8) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    if (rgba8) {
        png_set_expand(reader->png);
        png_set_scale_16(reader->png);
        png_set_gray_to_rgb(reader->png);
        png_set_add_alpha(reader->png, 0xFF, PNG_FILLER_AFTER);
    }
    png_read_update_info(reader->png, reader->info);
    return 1;
}

/* The next row (of the current pass) into `row`, which holds png_get_rowbytes bytes. */
static inline int hb_png_read_row(hb_png_reader *reader, png_bytep row) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_row(reader->png, row, NULL);
    return 1;
}

/* The chunks after the image data, up to IEND: a PNG cut after its last row is still truncated. */
static inline int hb_png_read_end(hb_png_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_read_end(reader->png, NULL);
    return 1;
}

/* libpng's progressive reader, for bytes that arrive in pieces (an INCR transfer): `hb_png_stream_feed` hands over
 * the next piece, which libpng decodes as far as it can, every row into one reusable row buffer, before
 * returning (HeroTransfer's `PNGStream` hands it the PNG with a one-row image, and checks the real image data
 * itself). Same limits as the reader above, and a row of more than `max_row_bytes` is refused when the header
 * is read. libpng keeps a chunk's bytes only once they all arrived, so no chunk costs more than what came. */
typedef struct {
    png_structp png;
    png_infop info;
    size_t max_row_bytes;
    png_uint_32 width;
    png_uint_32 height;
    /* Rows the image has (every pass's, for Adam7) and rows decoded: libpng's progressive reader reaches IEND
     * even when the image data ran out early ("Not enough image data" is only an error for the other reader). */
    unsigned long expected_rows;
    unsigned long rows;
    int done;
    char message[HB_PNG_MESSAGE];
} hb_png_stream;

static void hb_png_stream_info(png_structp png, png_infop info) {
    hb_png_stream *stream = (hb_png_stream *)png_get_progressive_ptr(png);
    stream->width = png_get_image_width(png, info);
    stream->height = png_get_image_height(png, info);
    png_start_read_image(png);
    if (png_get_rowbytes(png, info) > stream->max_row_bytes) png_error(png, "row too long");
    if (png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7) {
        /* Each pass comes as its own reduced image; an empty pass (too narrow or too short) has no rows. */
        for (int pass = 0; pass < 7; pass++) {
            if (PNG_PASS_COLS(stream->width, pass) > 0) stream->expected_rows += PNG_PASS_ROWS(stream->height, pass);
        }
    } else {
        stream->expected_rows = stream->height;
    }
}

static void hb_png_stream_row(png_structp png, png_bytep row, png_uint_32 number, int pass) {
    /* Decoded (into libpng's own row buffer) and checked; nothing to keep: this reader only validates. */
    (void)number; (void)pass;
    if (row != NULL) ((hb_png_stream *)png_get_progressive_ptr(png))->rows++;
}

static void hb_png_stream_end(png_structp png, png_infop info) {
    (void)info;
    hb_png_stream *stream = (hb_png_stream *)png_get_progressive_ptr(png);
    stream->done = 1;
}

/* libpng checks every chunk's CRC, with its defaults (an error for a critical chunk, a warning for an ancillary one). */
static inline hb_png_stream *hb_png_stream_open(png_uint_32 max_side, size_t max_chunk, size_t max_row_bytes) {
    hb_png_stream *stream = (hb_png_stream *)calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    stream->max_row_bytes = max_row_bytes;
    stream->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, stream->message, hb_png_error, hb_png_warning);
    if (stream->png == NULL) { free(stream); return NULL; }
    stream->info = png_create_info_struct(stream->png);
    if (stream->info == NULL) { png_destroy_read_struct(&stream->png, NULL, NULL); free(stream); return NULL; }
    png_set_user_limits(stream->png, max_side, max_side);
    png_set_chunk_malloc_max(stream->png, max_chunk);
    png_set_progressive_read_fn(stream->png, stream, hb_png_stream_info, hb_png_stream_row, hb_png_stream_end);
    return stream;
}

static inline void hb_png_stream_close(hb_png_stream *stream) {
    png_destroy_read_struct(&stream->png, &stream->info, NULL);
    free(stream);
}

/* 1 when the piece was taken, 0 when the data is not a valid PNG (message set). */
static inline int hb_png_stream_feed(hb_png_stream *stream, const void *data, size_t size) {
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    png_process_data(stream->png, stream->info, (png_bytep)data, size);
    return 1;
}

/* zlib's inflateInit2 (a macro, which Swift cannot call) with the window size taken from the stream's own header,
 * as libpng 1.6 sets up the inflate of the image data, and without zlib's Adler-32: the caller computes it (faster,
 * with libdeflate) and compares it with the stream's last four bytes itself. */
static inline int hb_inflate_init_unchecked(z_streamp stream) {
    int status = inflateInit2(stream, 0);
    if (status != Z_OK) return status;
    status = inflateValidate(stream, 0);
    if (status != Z_OK) inflateEnd(stream);
    return status;
}
