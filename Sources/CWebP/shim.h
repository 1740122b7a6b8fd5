/* libwebp's decoder (still images: VP8, VP8L and the extended format's first frame). */
#include <webp/decode.h>
