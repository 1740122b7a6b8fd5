/* libdeflate, for its checksums only: CRC-32 with PCLMULQDQ and Adler-32 with AVX2 where the CPU has them (each
 * about three times zlib's speed on this project's machines), chosen by libdeflate at run time. */
#include <libdeflate.h>
