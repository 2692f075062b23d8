// HarfBuzz: shaping (hb_shape), OpenType metrics and glyph outlines through the draw API (hb_font_draw_glyph).
#include <hb.h>
#include <hb-ot.h>
