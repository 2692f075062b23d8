import RingCore

/// A primitive or clip prepared for rasterizing, in device pixels: one of the coverage sources, dispatched once
/// per row span so the per-pixel loops are concrete.
enum Geometry {
    case band(BandCoverage)
    case stroke(StrokeCoverage)
    case box(BoxCoverage)
    case outline(OutlineCoverage)
    case halfPlane(HalfPlaneCoverage)
    case path(PathCoverage)

    /// The coverage of `primitive` (already scaled to device pixels).
    init(_ primitive: Primitive) {
        switch primitive {
        case .arc(let arc):
            self = .band(BandCoverage(arc))
        case .ring(let ring):
            let hw = max(0, ring.width / 2)
            self = .band(BandCoverage(center: ring.center, inner: ring.radius - hw, outer: ring.radius + hw))
        case .disc(let disc):
            self = .band(BandCoverage(center: disc.center, inner: 0, outer: disc.radius))
        case .capsule(let capsule):
            self = .stroke(StrokeCoverage(points: [capsule.a, capsule.b], width: capsule.width))
        case .polyline(let line):
            self = .stroke(StrokeCoverage(points: line.points, width: line.width))
        case .roundedRect(let rect):
            self = .box(BoxCoverage(rect))
        case .roundedRectOutline(let outline):
            self = .outline(OutlineCoverage(outline))
        case .wedge(let wedge):
            let sector = wedge.isFullCircle ? nil : AngularSector(center: wedge.center, start: wedge.start, sweep: wedge.sweep)
            self = .band(BandCoverage(center: wedge.center, inner: 0, outer: wedge.radius, sector: sector))
        case .path(let path):
            self = .path(PathCoverage(path))
        }
    }

    /// The coverage of `clip` (already scaled to device pixels).
    init(_ clip: Clip) {
        switch clip {
        case .annularSector(let s):
            let sector = abs(s.sweep) >= Angle.fullTurn ? nil : AngularSector(center: s.center, start: s.start, sweep: s.sweep)
            self = .band(BandCoverage(center: s.center, inner: s.innerRadius, outer: s.outerRadius, sector: sector))
        case .halfPlane(let h):
            self = .halfPlane(HalfPlaneCoverage(h))
        }
    }

    var rows: Range<Int> {
        switch self {
        case .band(let g): g.rows
        case .stroke(let g): g.rows
        case .box(let g): g.rows
        case .outline(let g): g.rows
        case .halfPlane(let g): g.rows
        case .path(let g): g.rows
        }
    }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        switch self {
        case .band(let g): g.spans(y: y)
        case .stroke(let g): g.spans(y: y)
        case .box(let g): g.spans(y: y)
        case .outline(let g): g.spans(y: y)
        case .halfPlane(let g): g.spans(y: y)
        case .path(let g): g.spans(y: y)
        }
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        guard !range.isEmpty else { return }
        switch self {
        case .band(let g): g.coverage(y: y, range: range, into: out)
        case .stroke(let g): g.coverage(y: y, range: range, into: out)
        case .box(let g): g.coverage(y: y, range: range, into: out)
        case .outline(let g): g.coverage(y: y, range: range, into: out)
        case .halfPlane(let g): g.coverage(y: y, range: range, into: out)
        case .path(let g): g.coverage(y: y, range: range, into: out)
        }
    }
}
