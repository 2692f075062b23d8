/// The outlines of ``StrokeFont/standard``: a geometric single-stroke sans drawn for ringd from lines and elliptical
/// arcs (no third-party glyph data, so there is no licence to carry along).
///
/// One glyph per line: `<glyph> <left bearing> <right bearing> | <strokes>`. `<glyph>` is the character itself, or
/// `space` / `notdef` (the box drawn for characters the font lacks). Coordinates are on a grid with the cap height
/// at 10, the x-height at 7, the baseline at 0 and descenders down to −3, y up; the parser divides by 10 so the cap
/// height is 1. Ink starts near x = 0; the advance is left bearing + rightmost ink + right bearing. Digits share
/// one advance (tabular), so a percentage label does not shift sideways while it counts up.
///
/// Stroke commands (space separated, angles in degrees, counter-clockwise, y up):
/// - `M x y` starts a stroke; `L x y` draws a line to a point;
/// - `A cx cy rx ry from to` an elliptical arc, joined by a line to the current point if it starts elsewhere;
/// - `O cx cy rx ry` a closed ellipse (its own stroke); `D x y` a dot, a tiny circle so that it is a little
///   heavier than the stroke and never a zero-length segment.
enum StrokeFontData {
    /// Grid units per em (cap height).
    static let unitsPerCap = 10.0

    /// Radius of a `D` dot in grid units.
    static let dotRadius = 0.25

    /// Typographic variants drawn with another glyph.
    static let aliases: [Character: Character] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{2212}": "-", "\u{2010}": "-",
        "\u{2011}": "-", "\u{00A0}": " ", "\u{2714}": "\u{2713}",
    ]

    static let table = #"""
    space   3.6    0 |
    0       1.2  1.2 | O 3 5 3 5
    1       2.4  3.4 | M 0 7.6 L 2.6 10 L 2.6 0
    2       1.2  1.2 | A 3 7 3 3 160 -38 L 0 0 L 6 0
    3       1.2  1.2 | A 3 7.7 2.7 2.3 155 -90 L 1.9 5.4 M 3 5.4 A 3 2.7 3 2.7 90 -155
    4       1.2  1.2 | M 4.4 0 L 4.4 10 L 0 2.8 L 6 2.8
    5       1.2  1.2 | M 5.6 10 L 1.1 10 A 3.1 3.1 2.9 3.1 140 -150
    6       1.2  1.2 | M 4.8 10 L 0.666 4.886 A 3 3 3 3 141.06 501.06
    7       1.2  1.2 | M 0 10 L 6 10 L 1.8 0
    8       1.2  1.2 | O 3 7.6 2.6 2.4 O 3 2.65 3 2.65
    9       1.2  1.2 | A 3 7 3 3 321.06 -38.94 L 1.2 0
    %       0.8  0.8 | O 1.6 8.2 1.6 1.8 O 6.2 1.8 1.6 1.8 M 6.6 10 L 1.2 0
    A       0.5  0.5 | M 0 0 L 3.3 10 L 6.6 0 M 0.99 3 L 5.61 3
    B       1.3  0.9 | M 0 0 L 0 10 L 3.3 10 A 3.3 7.6 2.4 2.4 90 -90 L 0 5.2 L 3.6 5.2 A 3.6 2.6 2.6 2.6 90 -90 L 0 0
    C       1.0  0.6 | A 4.3 5 4.3 5 40 320
    D       1.3  1.0 | M 0 0 L 0 10 L 2 10 A 2 5 5 5 90 -90 L 0 0
    E       1.3  0.8 | M 5.8 10 L 0 10 L 0 0 L 5.8 0 M 0 5.2 L 5.2 5.2
    F       1.3  0.6 | M 5.8 10 L 0 10 L 0 0 M 0 5.2 L 5.2 5.2
    G       1.0  1.1 | A 4.3 5 4.3 5 40 360 L 5 5
    H       1.3  1.3 | M 0 0 L 0 10 M 6.4 0 L 6.4 10 M 0 5.2 L 6.4 5.2
    I       1.3  1.3 | M 0 0 L 0 10
    J       0.6  1.3 | M 4.8 10 L 4.8 2.6 A 2.4 2.6 2.4 2.6 0 -165
    K       1.3  0.5 | M 0 0 L 0 10 M 6 10 L 0 3.4 M 2.2 5.82 L 6.2 0
    L       1.3  0.4 | M 0 10 L 0 0 L 5.4 0
    M       1.3  1.3 | M 0 0 L 0 10 L 4 2 L 8 10 L 8 0
    N       1.3  1.3 | M 0 0 L 0 10 L 6.4 0 L 6.4 10
    O       1.0  1.0 | O 4.3 5 4.3 5
    P       1.3  0.8 | M 0 0 L 0 10 L 3.5 10 A 3.5 7.3 2.7 2.7 90 -90 L 0 4.6
    Q       1.0  1.0 | O 4.3 5 4.3 5 M 5.4 2.6 L 8.4 -0.6
    R       1.3  0.6 | M 0 0 L 0 10 L 3.5 10 A 3.5 7.3 2.7 2.7 90 -90 L 0 4.6 M 3.2 4.6 L 6.2 0
    S       0.9  0.9 | A 3.1 7.55 2.8 2.45 20 270 A 3.1 2.55 3.1 2.55 90 -160
    T       0.5  0.5 | M 0 10 L 6.4 10 M 3.2 10 L 3.2 0
    U       1.3  1.3 | M 0 10 L 0 3.1 A 3.1 3.1 3.1 3.1 180 360 L 6.2 10
    V       0.5  0.5 | M 0 10 L 3.3 0 L 6.6 10
    W       0.5  0.5 | M 0 10 L 2.4 0 L 4.8 8 L 7.2 0 L 9.6 10
    X       0.5  0.5 | M 0 0 L 6.2 10 M 0 10 L 6.2 0
    Y       0.5  0.5 | M 0 10 L 3.2 5 L 6.4 10 M 3.2 5 L 3.2 0
    Z       0.8  0.8 | M 0.3 10 L 6.2 10 L 0 0 L 6.4 0
    a       1.0  1.3 | O 3.3 3.5 3.3 3.5 M 6.6 7 L 6.6 0
    b       1.3  1.0 | M 0 10 L 0 0 O 3.3 3.5 3.3 3.5
    c       1.0  0.6 | A 3.3 3.5 3.3 3.5 45 315
    d       1.0  1.3 | O 3.3 3.5 3.3 3.5 M 6.6 10 L 6.6 0
    e       1.0  0.8 | M 0 3.5 L 6.6 3.5 A 3.3 3.5 3.3 3.5 0 320
    f       0.5  0.3 | M 1.6 0 L 1.6 7.8 A 3.8 7.8 2.2 2.2 180 45 M 0 7 L 4 7
    g       1.0  1.3 | O 3.3 3.5 3.3 3.5 M 6.6 7 L 6.6 -0.6 A 3.3 -0.6 3.3 2.4 0 -160
    h       1.3  1.3 | M 0 10 L 0 0 M 0 3.9 A 3.1 3.9 3.1 3.1 180 0 L 6.2 0
    i       1.3  1.3 | M 0 0 L 0 7 D 0 9.3
    j       1.1  1.3 | M 1.8 7 L 1.8 -1.4 A 0.6 -1.4 1.2 1.6 0 -150 D 1.8 9.3
    k       1.3  0.4 | M 0 10 L 0 0 M 5.4 7 L 0 2.4 M 2 4.1 L 5.8 0
    l       1.3  0.6 | M 0 10 L 0 1.4 A 1.4 1.4 1.4 1.4 180 270
    m       1.3  1.3 | M 0 0 L 0 7 M 0 4.4 A 2.3 4.4 2.3 2.6 180 0 L 4.6 0 M 4.6 4.4 A 6.9 4.4 2.3 2.6 180 0 L 9.2 0
    n       1.3  1.3 | M 0 0 L 0 7 M 0 3.9 A 3.1 3.9 3.1 3.1 180 0 L 6.2 0
    o       1.0  1.0 | O 3.3 3.5 3.3 3.5
    p       1.3  1.0 | M 0 7 L 0 -3 O 3.3 3.5 3.3 3.5
    q       1.0  1.3 | O 3.3 3.5 3.3 3.5 M 6.6 7 L 6.6 -3
    r       1.3  0.4 | M 0 0 L 0 7 M 0 3.9 A 3.1 3.9 3.1 3.1 180 60
    s       0.9  0.9 | A 2.7 5.3 2.4 1.7 20 270 A 2.7 1.8 2.7 1.8 90 -160
    t       0.5  0.6 | M 1.6 9.4 L 1.6 1.5 A 3.1 1.5 1.5 1.5 180 270 L 4 0 M 0 7 L 4 7
    u       1.3  1.3 | M 0 7 L 0 3.1 A 3.1 3.1 3.1 3.1 180 360 M 6.2 7 L 6.2 0
    v       0.5  0.5 | M 0 7 L 3 0 L 6 7
    w       0.5  0.5 | M 0 7 L 2.2 0 L 4.4 7 L 6.6 0 L 8.8 7
    x       0.5  0.5 | M 0 0 L 5.6 7 M 0 7 L 5.6 0
    y       0.5  0.5 | M 0 7 L 3.1 0 M 6.2 7 L 1.77 -3
    z       0.8  0.8 | M 0.3 7 L 5.6 7 L 0 0 L 5.8 0
    .       1.3  1.3 | D 0 0.25
    ,       1.1  1.1 | M 0.8 0.6 L 0 -1.6
    :       1.3  1.3 | D 0 0.25 D 0 6.5
    ;       1.1  1.1 | D 0.8 6.5 M 0.8 0.6 L 0 -1.6
    /       0.5  0.5 | M 0 -1 L 4.8 10.4
    -       1.0  1.0 | M 0 4.2 L 4 4.2
    +       1.0  1.0 | M 0 4.6 L 5.6 4.6 M 2.8 1.8 L 2.8 7.4
    =       1.0  1.0 | M 0 3.4 L 5.6 3.4 M 0 5.8 L 5.6 5.8
    <       1.0  1.0 | M 5 8 L 0 4.6 L 5 1.2
    >       1.0  1.0 | M 0 8 L 5 4.6 L 0 1.2
    (       1.2  0.8 | A 6 4.4 6 8.4 132 228
    )       0.8  1.2 | A -4 4.4 6 8.4 48 -48
    [       1.3  0.8 | M 2.4 10.6 L 0 10.6 L 0 -1.8 L 2.4 -1.8
    ]       0.8  1.3 | M 0 10.6 L 2.4 10.6 L 2.4 -1.8 L 0 -1.8
    !       1.3  1.3 | M 0 10 L 0 3.2 D 0 0.25
    ?       0.8  0.8 | A 2.8 7.4 2.8 2.6 160 -70 L 2.8 3.2 D 2.8 0.25
    '       1.3  1.3 | M 0 10 L 0 7.4
    "       1.3  1.3 | M 0 10 L 0 7.4 M 1.8 10 L 1.8 7.4
    #       0.8  0.8 | M 1.6 0 L 2.6 10 M 4.6 0 L 5.6 10 M 0 3.2 L 6.6 3.2 M 0.6 6.8 L 7.2 6.8
    &       0.8  0.6 | M 7.2 0 A 3.1 8.05 1.95 1.95 219.46 -65.1 A 2.85 2.75 2.75 2.75 114.9 325 L 6.59 3.3
    _       0.5  0.5 | M 0 -1.5 L 6 -1.5
    *       0.8  0.8 | M 2.5 10 L 2.5 5 M 0.33 8.75 L 4.67 6.25 M 0.33 6.25 L 4.67 8.75
    @       0.8  0.8 | O 5 4.4 2 2.3 M 7 6.7 L 7 3.3 A 8.1 3.3 1.1 1.1 180 360 A 5 4.4 4.3 5.1 -12.45 290
    ✓       0.6  0.6 | M 0 4.6 L 2.8 1 L 8 9.4
    …       1.3  1.3 | D 0 0.25 D 3 0.25 D 6 0.25
    $       1.0  1.0 | A 3 7.2 2.6 2.2 20 270 A 3 2.8 3 2.2 90 -160 M 3 10.6 L 3 -0.6
    ^       0.8  0.8 | M 0 6.4 L 2.6 10 L 5.2 6.4
    ~       0.8  0.8 | A 1.3 4.6 1.3 1.1 180 0 A 3.9 4.6 1.3 1.1 180 360
    {       1.2  0.8 | M 2.8 10.6 A 2.8 9.2 1.4 1.4 90 180 L 1.4 5.8 A 0 5.8 1.4 1.4 0 -90 A 0 3 1.4 1.4 90 0 L 1.4 -0.4 A 2.8 -0.4 1.4 1.4 180 270
    }       0.8  1.2 | M 0 10.6 A 0 9.2 1.4 1.4 90 0 L 1.4 5.8 A 2.8 5.8 1.4 1.4 180 270 A 2.8 3 1.4 1.4 90 180 L 1.4 -0.4 A 0 -0.4 1.4 1.4 0 -90
    |       1.3  1.3 | M 0 10.6 L 0 -1.8
    \       0.5  0.5 | M 0 10.4 L 4.8 -1
    `       1.3  1.3 | M 0 10 L 1.4 8.4
    –       0.8  0.8 | M 0 4.2 L 6 4.2
    —       0.8  0.8 | M 0 4.2 L 10 4.2
    ×       1.0  1.0 | M 0 2.4 L 4.4 6.8 M 0 6.8 L 4.4 2.4
    °       0.8  0.8 | O 1.6 8.4 1.6 1.6
    ·       1.3  1.3 | D 0 4.6
    ≤       1.3  1.3 | M 5 8.6 L 0 6 L 5 3.4 M 0 1.4 L 5 1.4
    ≥       1.3  1.3 | M 0 8.6 L 5 6 L 0 3.4 M 0 1.4 L 5 1.4
    →       1.0  1.0 | M 0 4.6 L 8 4.6 M 5 7.4 L 8 4.6 L 5 1.8
    notdef  1.3  1.3 | M 0 0 L 5 0 L 5 10 L 0 10 L 0 0
    """#
}
