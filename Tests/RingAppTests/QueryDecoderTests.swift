import RingCore
import Testing
@testable import RingApp

@Suite struct QueryDecoderTests {
    func decode(_ route: ImageRoute, _ query: String) throws(QueryError) -> RingSpec {
        try QueryDecoder.decode(route: route, query: try QueryString(parsing: query))
    }

    func ring(_ query: String) throws -> RingStyle {
        guard case .ring(let r) = try decode(.ring, query).style else { throw QueryError(parameter: "", given: "", expected: "") }
        return r
    }

    @Test(arguments: ["p=0.7", "p=.7", "p=0.70", "p=70%", "p=7/10", "value=7&total=10", "p=7e-1"])
    func progressForms(_ query: String) throws {
        #expect(try ring(query).progress == 0.7)
    }

    @Test func seedDefaults() throws {
        let spec = try decode(.ring, "p=0.7")
        guard case .ring(let r) = spec.style else { Issue.record("not a ring"); return }
        #expect(r.fill == .gradient(Gradient(stops: [Color(r: 142, g: 68, b: 173), Color(r: 241, g: 196, b: 15)])!))
        #expect(r.track == Color(hex: 0xF2F2F7))
        #expect(r.thickness == .fraction(0.12))
        #expect(r.start == -90)
        #expect(r.direction == .cw)
        #expect(r.cap == .round)
        #expect(spec.common.size == 128)
        #expect(spec.common.title == "70% progress")
    }

    @Test func equivalentQueriesGiveOneSpecAndKey() throws {
        let forms = ["p=.7", "p=0.70", "p=70%", "p=7/10", "size=128&p=0.7", "p=0.7&v=2&utm=x"]
        let keys = try Set(forms.map { CanonicalSpec(try decode(.ring, $0), format: .svg).sha256 })
        #expect(keys.count == 1)
        let other = CanonicalSpec(try decode(.ring, "p=0.71"), format: .svg).sha256
        #expect(!keys.contains(other))
        let png = CanonicalSpec(try decode(.ring, "p=0.7"), format: .png).sha256
        #expect(!keys.contains(png))
    }

    /// Each bad query names the parameter at fault.
    @Test(arguments: [
        ("", "p"), ("p=", "p"), ("p=abc", "p"), ("p=-0.1", "p"), ("p=nan", "p"), ("p=inf", "p"), ("p=1e999", "p"),
        ("p=11", "p"), ("p=0x1p-1", "p"), ("p=1/0", "p"), ("p=50%%", "p"), ("p=0.5&p=0.6", "p"),
        ("p=0.5&size=0", "size"), ("p=0.5&size=99999", "size"), ("p=0.5&size=15", "size"), ("p=0.5&size=abc", "size"),
        ("p=0.5&scale=5", "scale"), ("p=0.5&size=2048&scale=3", "scale"), ("p=0.5&color=nocolor", "color"),
        ("p=0.5&color=%23ggg", "color"), ("p=0.5&gradient=red", "gradient"), ("p=0.5&gradient=a,b,c,d,e,f,g,h,i", "gradient"),
        ("p=0.5&color=red&gradient=red,blue", "gradient"), ("p=0.5&track=12345", "track"), ("p=0.5&thickness=0", "thickness"),
        ("p=0.5&thickness=70%", "thickness"), ("p=0.5&thickness=100", "thickness"), ("p=0.5&start=400", "start"),
        ("p=0.5&dir=up", "dir"), ("p=0.5&cap=square", "cap"), ("p=0.5&shadow=maybe", "shadow"), ("p=0.5&theme=blue", "theme"),
        ("p=0.5&animate=2", "animate"), ("p=0.5&duration=0", "duration"), ("p=0.5&duration=11", "duration"),
        ("p=0.5&format=gif", "format"), ("p=0.5&label=%E0%BD%80", "label"), ("p=0.5&label=%0A", "label"),
        ("p=0.5&label=0123456789012345678901234", "label"), ("p=0.5&label=%F0%9F%98%80", "label"),
        ("p=0.5&bg=transparentish", "bg"), ("p=0.5&labelColor=none", "labelColor"), ("value=1", "total"), ("total=2", "value"),
        ("p=0.5&value=1&total=2", "value"), ("value=30&total=2", "value"), ("value=1&total=0", "total"),
    ] as [(String, String)])
    func badRingQueriesNameTheParameter(_ query: String, _ parameter: String) {
        do {
            _ = try decode(.ring, query)
            Issue.record("\(query) decoded")
        } catch {
            #expect(error.parameter == parameter, "\(query) → \(error.message)")
            #expect(error.message.hasPrefix(parameter + ": got "))
        }
    }

    @Test func activityDefaultsAndLists() throws {
        let spec = try decode(.activity, "p=0.8,0.6,1.1")
        guard case .activity(let a) = spec.style else { Issue.record("not activity"); return }
        #expect(a.rings.map(\.progress) == [0.8, 0.6, 1.1])
        #expect(a.rings[0].fill == .gradient(Gradient(stops: [Color(hex: 0xD21331), Color(hex: 0xFF3287)])!))
        #expect(a.rings[1].fill == .gradient(Gradient(stops: [Color(hex: 0x3FD400), Color(hex: 0xB8FF00)])!))
        #expect(a.rings[2].fill == .gradient(Gradient(stops: [Color(hex: 0x00BAE1), Color(hex: 0x00FECF)])!))
        #expect(a.rings.allSatisfy { $0.track != nil })
        let named = try decode(.activity, "move=0.8&exercise=0.6&stand=1.1")
        #expect(named.style == spec.style)
    }

    @Test(arguments: [
        ("", "p"), ("p=1,2,3,4,5,6,7,8,9", "p"), ("p=0.5,,0.2", "p"), ("p=0.5&move=0.2", "move"),
        ("p=0.5,0.5&colors=red", "colors"), ("p=0.5&colors=red-", "colors"), ("p=0.5&tracks=red,blue", "tracks"),
        ("p=0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5&thickness=20%", "thickness"),
    ] as [(String, String)])
    func badActivityQueries(_ query: String, _ parameter: String) {
        do {
            _ = try decode(.activity, query)
            Issue.record("\(query) decoded")
        } catch {
            #expect(error.parameter == parameter, "\(query) → \(error.message)")
        }
    }

    @Test func otherRoutesDecode() throws {
        guard case .petals(let p) = try decode(.petals, "p=0.8&petals=12").style else { Issue.record("petals"); return }
        #expect(p.petals == 12 && p.progress == 0.8)
        guard case .pie(let pie) = try decode(.pie, "value=3&total=10").style else { Issue.record("pie"); return }
        #expect(pie.progress == 0.3)
        guard case .check(let c) = try decode(.check, "shape=rounded&bounce=0").style else { Issue.record("check"); return }
        #expect(c.shape == .rounded && !c.bounce)
        #expect(throws: QueryError.self) { try decode(.petals, "p=0.5&petals=3") }
        #expect(throws: QueryError.self) { try decode(.check, "shape=star") }
    }
}

@Suite struct ActivityThicknessTests {
    func activity(_ query: String) throws -> (ActivityStyle, Double) {
        let spec = try QueryDecoder.decode(route: .activity, query: try QueryString(parsing: query))
        guard case .activity(let a) = spec.style else { throw QueryError(parameter: "", given: "", expected: "") }
        return (a, spec.common.size)
    }

    /// The automatic thickness keeps a centre hole whatever the ring count and gap, in px or %.
    @Test(arguments: ["p=0.5", "p=1,1,1", "p=1,1,1,1,1,1,1,1&gap=1", "p=1,1,1,1,1,1,1,1&gap=2%", "p=1,1,1&gap=10&size=64"])
    func autoThicknessLeavesAHole(_ query: String) throws {
        let (a, size) = try activity(query)
        let t = a.thickness.resolved(in: size)
        let used = Double(a.rings.count) * t + Double(a.rings.count - 1) * a.gap.resolved(in: size)
        #expect(t > 0)
        #expect(t <= 0.1 * size + 1e-9)
        #expect(used <= 0.38 * size + 1e-6, "rings use \(used) of radius \(size / 2)")
        if a.rings.count <= 3 && size >= 128 { #expect(abs(t - 0.1 * size) < 1e-9) }
    }
}

@Suite struct TitleTests {
    @Test(arguments: ["p=0.25", "p=0.25&title=", "p=0.25&title=+++"])
    func emptyTitleFallsBackToTheDerivedName(_ query: String) throws {
        let spec = try QueryDecoder.decode(route: .ring, query: try QueryString(parsing: query))
        #expect(spec.common.title == "25% progress")
    }

    @Test func givenTitleIsKept() throws {
        let spec = try QueryDecoder.decode(route: .pie, query: try QueryString(parsing: "p=1&title=Build+coverage"))
        #expect(spec.common.title == "Build coverage")
    }
}
