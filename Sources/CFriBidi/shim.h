// GNU FriBidi: the Unicode bidirectional algorithm (embedding levels and the visual order of a line).
#include <fribidi.h>

// FRIBIDI_PAR_ON and FRIBIDI_FLAGS_DEFAULT are macros built from other macros, which Swift cannot import.

/// The paragraph direction "neutral": taken from the first strong character, left-to-right if there is none (P2, P3).
static inline FriBidiParType ringd_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
/// The library's default reordering flags (explicit embeddings honoured, non-spacing marks kept after their base).
static inline FriBidiFlags ringd_fribidi_flags_default(void) { return FRIBIDI_FLAGS_DEFAULT; }
