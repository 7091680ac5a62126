import Foundation
import LemmyAPI
import Testing

/// The fast path of `LemmyResponseDecoder.decode` must give `JSONDecoder`'s value whenever it
/// answers, answer for every real payload, and leave every failure to `JSONDecoder`.
@Suite("Fast decoding cross-check")
struct FastDecodingTests {
    static let community = "v0.18/muffed_Community_fragment.json"

    /// Every JSON file under Tests/Fixtures (Lemmy answers, errors, OpenAPI documents).
    static let allJSONFiles: [URL] = {
        let root = Fixtures.checkout.appendingPathComponent("Tests/Fixtures")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }()

    // MARK: Real payloads

    @Test("Every response fixture takes the fast path and decodes to JSONDecoder's value", arguments: responseFixtures)
    func fixture(_ fixture: FixtureCase) throws {
        let outcome = fixture.crossCheck(try Fixtures.data(fixture.path))
        #expect(outcome.fastTaken, "\(fixture.path): \(outcome)")
        #expect(outcome.equal, "\(fixture.path): \(outcome)")
    }

    @Test("Pretty-printed fixtures (whitespace everywhere, escaped slashes) decode alike", arguments: responseFixtures)
    func prettyPrinted(_ fixture: FixtureCase) throws {
        let object = try JSONSerialization.jsonObject(with: Fixtures.data(fixture.path))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted])
        #expect(pretty.contains(UInt8(ascii: "\n")))
        let outcome = fixture.crossCheck(pretty)
        #expect(outcome.fastTaken && outcome.equal, "\(fixture.path): \(outcome)")
    }

    @Test("Every JSON file under Tests/Fixtures reads as the same LemmyJSONValue")
    func everyFileAsJSONValue() throws {
        #expect(Self.allJSONFiles.count > 60)
        for url in Self.allJSONFiles {
            let outcome = CrossCheck.outcome(LemmyJSONValue.self, try Data(contentsOf: url))
            #expect(outcome.fastTaken && outcome.equal, "\(url.lastPathComponent): \(outcome)")
        }
    }

    // MARK: Tolerance

    @Test("Unknown keys (nested objects, arrays, escapes, exponents) are skipped")
    func unknownKeys() throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("future_member", raw: #"{"a":[1,-2.5e-3,true,false,null,{"b":"x\"\\\u00e9"}],"c":{}}"#)
        object.set("another", raw: #"[[],[[]],"é😀",0,1E+2]"#)
        let outcome = CrossCheck.outcome(ApiCommunity.self, object.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
    }

    @Test("Unknown enum values are kept as .unknown, as JSONDecoder keeps them")
    func unknownEnumValues() throws {
        let data = Data(#"["Hot","hot","TopSixHour","sideways"]"#.utf8)
        let outcome = CrossCheck.outcome([ApiSortType].self, data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        #expect(CrossCheck.fast([ApiSortType].self, data) == [.hot, .hot, .topSixHour, .unknown("sideways")])
    }

    @Test("Both keys of a renamed member: the newer one wins, as in init(from:)")
    func mergedKeys() throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("published_at", raw: #""2024-01-02T03:04:05.123456Z""#)
        let outcome = CrossCheck.outcome(ApiCommunity.self, object.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        #expect(CrossCheck.fast(ApiCommunity.self, object.data)?.publishedAt.rawValue == "2024-01-02T03:04:05.123456Z")
    }

    @Test("An optional member that is null or missing is nil; a required one leaves the failure to JSONDecoder")
    func nullAndMissing() throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("icon", raw: "null")
        object.set("banner", raw: "null")
        object.remove("description")
        let outcome = CrossCheck.outcome(ApiCommunity.self, object.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        let value = try #require(CrossCheck.fast(ApiCommunity.self, object.data))
        #expect(value.icon == nil && value.banner == nil && value.description == nil)

        for (key, raw) in [("name", "null"), ("name", nil), ("published", "null"), ("published", nil), ("removed", "null")]
            as [(String, String?)]
        {
            var broken = try RawJSONObject(fixture: Self.community)
            if let raw { broken.set(key, raw: raw) } else { broken.remove(key) }
            #expect(CrossCheck.fast(ApiCommunity.self, broken.data) == nil, "\(key): \(raw ?? "missing")")
            let answer = CrossCheck.publicAnswer(ApiCommunity.self, broken.data)
            #expect(answer == CrossCheck.codableAnswer(ApiCommunity.self, broken.data))
            #expect(answer != .value(value), "\(key): \(raw ?? "missing") decoded")
        }
    }

    @Test("A repeated key is left to JSONDecoder")
    func repeatedKey() throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.members.append(("title", #""Second title""#))
        #expect(CrossCheck.fast(ApiCommunity.self, object.data) == nil)
        #expect(CrossCheck.publicAnswer(ApiCommunity.self, object.data) == CrossCheck.codableAnswer(ApiCommunity.self, object.data))
    }

    // MARK: Strings

    @Test("Escapes, surrogate pairs and raw UTF-8 decode to the same text")
    func escapes() throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("title", raw: #""q\"b\\s\/b\bf\fn\nr\rt\t\u00e9\u20AC\ud83d\ude00 é€😀 \u0000 end""#)
        let outcome = CrossCheck.outcome(ApiCommunity.self, object.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        let title = CrossCheck.fast(ApiCommunity.self, object.data)?.title
        #expect(title == "q\"b\\s/b\u{8}f\u{c}n\nr\rt\té€😀 é€😀 \u{0} end")
    }

    @Test(
        "Lone surrogates, bad escapes, control characters and invalid UTF-8 are left to JSONDecoder",
        arguments: [
            Array(#""\ud83d""#.utf8), Array(#""\ude00x""#.utf8), Array(#""\ud83d\u0041""#.utf8), Array(#""\x41""#.utf8),
            Array(#""\u12G4""#.utf8), Array("\"tab\there\"".utf8), [0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        ] as [[UInt8]])
    func badStrings(_ raw: [UInt8]) throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("title", raw: "@@")
        var data = object.data
        let marker = try #require(data.firstRange(of: Data("@@".utf8)))
        data.replaceSubrange(marker, with: raw)
        #expect(CrossCheck.fast(ApiCommunity.self, data) == nil)
        #expect(CrossCheck.publicAnswer(ApiCommunity.self, data) == CrossCheck.codableAnswer(ApiCommunity.self, data))
    }

    // MARK: Numbers

    @Test(
        "Integers up to the Int64 limits decode alike",
        arguments: ["0", "-1", "2147483647", "-2147483648", "2147483648", "-2147483649", "9223372036854775807", "-9223372036854775808"])
    func integerLimits(_ text: String) throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("id", raw: text)
        let outcome = CrossCheck.outcome(ApiCommunity.self, object.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        #expect(CrossCheck.fast(ApiCommunity.self, object.data)?.id == Int(text))
    }

    @Test(
        "Overflow and non-plain integers are left to JSONDecoder (overflow stays its typed failure)",
        arguments: [
            "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.0", "1e2", "-0", "01", "1.5", "+1", "-", "0x10",
        ])
    func integerOddities(_ text: String) throws {
        var object = try RawJSONObject(fixture: Self.community)
        object.set("id", raw: text)
        #expect(CrossCheck.fast(ApiCommunity.self, object.data) == nil)
        let answer = CrossCheck.publicAnswer(ApiCommunity.self, object.data)
        #expect(answer == CrossCheck.codableAnswer(ApiCommunity.self, object.data), "\(answer)")
        if text.hasPrefix("9") || text.hasPrefix("-9") {
            guard case .failure = answer else {
                Issue.record("\(text) decoded")
                return
            }
        }
    }

    @Test("Fractional numbers decode to JSONDecoder's Double, bit for bit")
    func doubles() throws {
        var generator = SplitMix(seed: 15)
        var texts = [
            "0", "-0", "0.1", "-2.5", "1e-7", "6.02214076E+23", "2.2250738585072014e-308", "1.7976931348623157e308", "123456789012345",
        ]
        texts += ["1234567890123456", "0.30000000000000004", "4.35", "9007199254740993", "-1.5e-10", "0.000001"]
        for _ in 0..<400 {
            let bits = generator.next()
            let value = Double(bitPattern: bits)
            if value.isFinite { texts.append("\(value)") }
            texts.append("\(Double(bits % 10_000_000) / 1000)")
            texts.append("\(Double(bits % 1_000_000_000_000) * 1e-9)")
        }
        let data = Data(("[" + texts.joined(separator: ",") + "]").utf8)
        let fast = try #require(CrossCheck.fast([Double].self, data))
        let codable = try JSONDecoder().decode([Double].self, from: data)
        #expect(fast.count == texts.count)
        for (index, (a, b)) in zip(fast, codable).enumerated() {
            #expect(a.bitPattern == b.bitPattern, "\(texts[index]): \(a) vs \(b)")
        }
        #expect(CrossCheck.outcome(LemmyJSONValue.self, data).equal)
        #expect(CrossCheck.fast([Double].self, Data("[1e400]".utf8)) == nil)
        #expect(
            CrossCheck.publicAnswer([Double].self, Data("[1e400]".utf8)) == CrossCheck.codableAnswer([Double].self, Data("[1e400]".utf8)))
    }

    // MARK: Broken documents

    @Test("Every truncation of a fixture fails with JSONDecoder's path and reason")
    func truncated() throws {
        let data = try Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json")
        for cut in stride(from: 0, to: data.count, by: 7) {
            let prefix = data.prefix(cut)
            #expect(CrossCheck.fast(ApiGetPostsResponse.self, prefix) == nil, "cut \(cut)")
            let answer = CrossCheck.publicAnswer(ApiGetPostsResponse.self, prefix)
            #expect(answer == CrossCheck.codableAnswer(ApiGetPostsResponse.self, prefix), "cut \(cut): \(answer)")
        }
    }

    @Test("Garbage, wrong shapes and byte flips get JSONDecoder's answer")
    func garbage() throws {
        let base = try Fixtures.data("v0.18/muffed_PostView_fragment.json")
        var cases: [Data] = ["", " ", "null", "[]", "{}", "\u{FEFF}{}", "{\"post\":1}", "{} x", "[{}]"].map { Data($0.utf8) }
        cases.append(base + Data(" }".utf8))
        var generator = SplitMix(seed: 7)
        for _ in 0..<300 {
            var flipped = base
            let index = Int(generator.next() % UInt64(flipped.count))
            flipped[index] = UInt8(truncatingIfNeeded: generator.next())
            cases.append(flipped)
        }
        for data in cases {
            let answer = CrossCheck.publicAnswer(ApiPostView.self, data)
            #expect(answer == CrossCheck.codableAnswer(ApiPostView.self, data), "\(String(decoding: data.prefix(40), as: UTF8.self))")
            if let fast = CrossCheck.fast(ApiPostView.self, data) { #expect(answer == .value(fast)) }
        }
    }

    @Test("Deep nesting in an unknown member is left to JSONDecoder")
    func deepNesting() throws {
        for depth in [100, 300, 600] {
            var object = try RawJSONObject(fixture: Self.community)
            object.set("deep", raw: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
            let answer = CrossCheck.publicAnswer(ApiCommunity.self, object.data)
            #expect(answer == CrossCheck.codableAnswer(ApiCommunity.self, object.data), "depth \(depth)")
            #expect((CrossCheck.fast(ApiCommunity.self, object.data) != nil) == (depth < 250), "depth \(depth)")
        }
    }

    // MARK: Unions

    @Test("Tagged unions: known tags decode their payload, unknown tags are kept, a missing tag fails alike")
    func taggedUnion() throws {
        var view = try RawJSONObject(fixture: "v0.18/muffed_PostView_fragment.json")
        view.set("type_", raw: #""post""#)
        let outcome = CrossCheck.outcome(ApiPostCommentCombinedView.self, view.data)
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
        if case .post(let post) = try #require(CrossCheck.fast(ApiPostCommentCombinedView.self, view.data)) {
            #expect(post.post.id == 5_716_352)
        } else {
            Issue.record("not a post")
        }
        view.set("type_", raw: #""thing""#)
        #expect(CrossCheck.fast(ApiPostCommentCombinedView.self, view.data) == .unknown("thing"))
        #expect(CrossCheck.outcome(ApiPostCommentCombinedView.self, view.data).equal)
        view.remove("type_")
        #expect(CrossCheck.fast(ApiPostCommentCombinedView.self, view.data) == nil)
        #expect(
            CrossCheck.publicAnswer(ApiPostCommentCombinedView.self, view.data)
                == CrossCheck.codableAnswer(ApiPostCommentCombinedView.self, view.data))
    }

    @Test("Externally tagged unions: a known key decodes, anything else is left to JSONDecoder")
    func externalUnion() throws {
        for text in [#"{"Post":5}"#, #"{"Comment":7}"#, #"{"Post":null,"Comment":7}"#] {
            let outcome = CrossCheck.outcome(ApiPostOrCommentId.self, Data(text.utf8))
            #expect(outcome.fastTaken && outcome.equal, "\(text): \(outcome)")
        }
        for text in [#"{"Other":1}"#, #"{}"#, #"{"Post":"x"}"#] {
            let data = Data(text.utf8)
            #expect(CrossCheck.fast(ApiPostOrCommentId.self, data) == nil, "\(text)")
            #expect(CrossCheck.publicAnswer(ApiPostOrCommentId.self, data) == CrossCheck.codableAnswer(ApiPostOrCommentId.self, data))
        }
    }
}

/// A small deterministic generator (SplitMix64), so the random cases are the same every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
