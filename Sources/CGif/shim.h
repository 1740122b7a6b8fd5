#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

/* giflib reading from memory. giflib reads through a callback that gets only the GifFileType, so the bytes and
 * how far they have been read travel in its UserData: a C function, since giflib calls it with no Swift context.
 * giflib reports errors by return codes (GIF_ERROR and an error code), never by longjmp. */
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} hb_gif_source;

/* Copies at most `count` bytes; fewer at the end of the data, which giflib reports as D_GIF_ERR_READ_FAILED. */
static int hb_gif_read(GifFileType *gif, GifByteType *out, int count) {
    hb_gif_source *source = (hb_gif_source *)gif->UserData;
    if (count <= 0) return 0;
    size_t left = source->size - source->offset;
    size_t taken = (size_t)count < left ? (size_t)count : left;
    memcpy(out, source->data + source->offset, taken);
    source->offset += taken;
    return (int)taken;
}

/* Opens `source` (which must outlive the handle) and reads the screen descriptor and global colour table;
 * NULL with `*error` set when giflib refuses. */
static inline GifFileType *hb_gif_open(hb_gif_source *source, int *error) {
    return DGifOpen(source, hb_gif_read, error);
}
