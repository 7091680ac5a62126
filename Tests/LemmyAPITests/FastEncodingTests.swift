import Foundation
import LemmyAPI
import Testing

/// The fast path of `LemmyFastEncoding.encode` must write JSON that parses to what `JSONEncoder`
/// writes whenever it answers, answer exactly when `JSONEncoder` succeeds, and leave every
/// failure (and its error) to `JSONEncoder`.
@Suite("Fast encoding cross-check")
struct FastEncodingTests {
    static let date = LemmyDate(rawValue: "2024-01-02T03:04:05.123456Z")!

    /// Aggregates with every member of every version.
    static func aggregates(hotRank: Double?) -> ApiPostAggregates {
        ApiPostAggregates(
            postId: 1, comments: 2, score: 3, upvotes: 4, downvotes: 1, published: date, newestCommentTime: date, id: 9,
            newestCommentTimeNecro: date, featuredCommunity: false, featuredLocal: true, hotRank: hotRank, hotRankActive: 1.5)
    }

    // MARK: Real payloads

    @Test("Every response fixture encodes for every version as JSONEncoder encodes it", arguments: responseFixtures)
    func fixture(_ fixture: FixtureCase) throws {
        let outcomes = try fixture.encodeCheck(try Fixtures.data(fixture.path), EncodeCheck.allCodings)
        for outcome in outcomes { #expect(outcome.agrees, "\(fixture.path): \(outcome)") }
        // Some target takes the fast path, so it is exercised on every fixture. (Rendering a
        // real 0.18 payload as 0.18.3-rc.3 throws in both: those servers left out members the
        // 0.18.3 types require; requesting (reject) does not require them.)
        #expect(outcomes.contains { $0.fastTaken && $0.equal }, "\(fixture.path): \(outcomes)")
        let dialects = outcomes.filter { EncodeCheck.dialectVersions.contains($0.coding.version) }
        #expect(dialects.contains { $0.fastTaken && $0.equal }, "\(fixture.path): \(dialects)")
    }

    // MARK: Versions

    @Test("Renamed members take the target version's key; members a version lacks are left out")
    func versionedKeys() throws {
        let value = try JSONDecoder().decode(ApiCommunity.self, from: Fixtures.data("v0.18/muffed_Community_fragment.json"))
        for version in EncodeCheck.dialectVersions {
            // A real 0.18 payload lacks members the newer versions require when rendering: the
            // request view (reject) encodes it wherever it has no member the version lacks.
            let codings = [LemmyAPIVersion.v0_18_0, version].flatMap { v in
                [LemmyVersionedCoding(version: v, absentMembers: .omit), LemmyVersionedCoding(version: v, absentMembers: .reject)]
            }
            for coding in codings { #expect(EncodeCheck.outcome(value, coding).agrees, "\(EncodeCheck.outcome(value, coding))") }
            let coding = try #require(codings.last { EncodeCheck.fast(value, $0) != nil }, "\(version.name)")
            let data = try #require(EncodeCheck.fast(value, coding))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((object["published_at"] != nil) == (coding.version.generation == .v4), "\(coding.version.name)")
            #expect((object["published"] != nil) == (coding.version.generation == .v3), "\(coding.version.name)")
        }
    }

    @Test("A member the version requires but has no value gives up, with JSONEncoder's error")
    func missingRequiredMember() throws {
        let coding = LemmyVersionedCoding(version: .v0_18_3_rc_3, absentMembers: .omit)
        let complete = EncodeCheck.outcome(Self.aggregates(hotRank: 0.25), coding)
        #expect(complete.fastTaken && complete.equal, "\(complete)")
        let aggregates = Self.aggregates(hotRank: nil)
        #expect(EncodeCheck.fast(aggregates, coding) == nil)
        let answer = EncodeCheck.publicAnswer(aggregates, coding)
        #expect(answer == EncodeCheck.codableAnswer(aggregates, coding))
        guard case .failure(let failure) = answer else {
            Issue.record("encoded without hot_rank")
            return
        }
        #expect(failure.text.contains("hot_rank is required"), "\(failure.text)")
        // 0.19 does not have hot_rank: the same value encodes there, on the fast path.
        let outcome = EncodeCheck.outcome(aggregates, LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit))
        #expect(outcome.fastTaken && outcome.equal, "\(outcome)")
    }

    @Test("A member the version lacks is left out when rendering and refused when requesting")
    func absentMember() throws {
        let form = ApiGetPosts(timeRangeSeconds: 3600, limit: 5)
        let omit = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        let omitted = try #require(EncodeCheck.fast(form, omit))
        #expect(String(decoding: omitted, as: UTF8.self) == #"{"limit":5}"#)
        #expect(EncodeCheck.outcome(form, omit).agrees)
        let reject = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .reject)
        #expect(EncodeCheck.fast(form, reject) == nil)
        let answer = EncodeCheck.publicAnswer(form, reject)
        #expect(answer == EncodeCheck.codableAnswer(form, reject))
        if case .success = answer { Issue.record("time_range_seconds sent to 0.19") }
        let v1 = LemmyVersionedCoding(version: .v1_0_0_beta_1, absentMembers: .reject)
        #expect(EncodeCheck.outcome(form, v1).fastTaken && EncodeCheck.outcome(form, v1).equal)
    }

    @Test("An enum case the version lacks gives up, with JSONEncoder's error; others take its spelling")
    func enumCases() throws {
        for version in EncodeCheck.dialectVersions {
            let coding = LemmyVersionedCoding(version: version, absentMembers: .omit)
            let present = ApiPostSortType.knownCases.filter { $0.wireValue(in: version) != nil }
            let absent = ApiPostSortType.knownCases.filter { $0.wireValue(in: version) == nil }
            #expect(!present.isEmpty && !absent.isEmpty, "\(version.name)")
            let data = try #require(EncodeCheck.fast(present, coding))
            #expect(data == (try EncodeCheck.codable(present, coding)), "\(version.name)")
            #expect(EncodeCheck.fast(present + [.unknown("Sideways")], coding) != nil)
            for value in absent {
                #expect(EncodeCheck.fast([value], coding) == nil, "\(value) in \(version.name)")
                let answer = EncodeCheck.publicAnswer([value], coding)
                #expect(answer == EncodeCheck.codableAnswer([value], coding))
                if case .success = answer { Issue.record("\(value) encoded for \(version.name)") }
            }
        }
    }

    @Test("A member union writes its form; the form another version uses gives up with JSONEncoder's error")
    func memberUnion() throws {
        let v1 = LemmyVersionedCoding(version: .v1_0_0_beta_1, absentMembers: .reject)
        let v019 = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .reject)
        let boolean = ApiSaveUserSettings(showDownvotes: .boolean(true))
        #expect(EncodeCheck.outcome(boolean, v019).fastTaken && EncodeCheck.outcome(boolean, v019).equal)
        #expect(EncodeCheck.fast(boolean, v1) == nil)
        #expect(EncodeCheck.publicAnswer(boolean, v1) == EncodeCheck.codableAnswer(boolean, v1))
        if case .success = EncodeCheck.publicAnswer(boolean, v1) { Issue.record("a boolean show_downvotes sent to 1.0") }
        let voteShow = try #require(ApiVoteShow.knownCases.first)
        let form = ApiSaveUserSettings(showDownvotes: .voteShow(voteShow))
        #expect(EncodeCheck.outcome(form, v1).fastTaken && EncodeCheck.outcome(form, v1).equal)
        #expect(EncodeCheck.fast(form, v019) == nil)
    }

    @Test("Non-finite numbers give up, with JSONEncoder's error", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ number: Double) throws {
        let coding = LemmyVersionedCoding(version: .v0_18_3_rc_3, absentMembers: .omit)
        let aggregates = Self.aggregates(hotRank: number)
        let json = LemmyJSONValue.array([.number(1), .object(["x": .number(number)])])
        for answer in [
            (
                EncodeCheck.fast(aggregates, coding), EncodeCheck.publicAnswer(aggregates, coding),
                EncodeCheck.codableAnswer(aggregates, coding)
            ),
            (EncodeCheck.fast(json, coding), EncodeCheck.publicAnswer(json, coding), EncodeCheck.codableAnswer(json, coding)),
        ] {
            #expect(answer.0 == nil)
            #expect(answer.1 == answer.2)
            if case .success = answer.1 { Issue.record("\(number) encoded") }
        }
    }

    @Test("Unions: tagged payloads get their discriminator, unknown tags and keys are written as JSONEncoder writes them")
    func unions() throws {
        let view = try JSONDecoder().decode(ApiPostView.self, from: Fixtures.data("v0.18/muffed_PostView_fragment.json"))
        let values: [ApiPostCommentCombinedView] = [.post(view), .unknown("thing")]
        for version in EncodeCheck.dialectVersions {
            let coding = LemmyVersionedCoding(version: version, absentMembers: .omit)
            for value in values {
                let outcome = EncodeCheck.outcome(value, coding)
                #expect(outcome.agrees, "\(value) \(outcome)")
            }
        }
        let coding = LemmyVersionedCoding(version: .v0_18_0, absentMembers: .reject)
        let tagged = try #require(EncodeCheck.fast(ApiPostCommentCombinedView.post(view), coding))
        let object = try #require(try JSONSerialization.jsonObject(with: tagged) as? [String: Any])
        #expect(object["type_"] as? String == "post" && object["post"] != nil)
        for value in [ApiPostOrCommentId.post(5), .comment(7), .unknown("Other \"key\"")] {
            let outcome = EncodeCheck.outcome(value, coding)
            #expect(outcome.fastTaken && outcome.equal, "\(value) \(outcome)")
        }
    }

    @Test("A type without a fast path is encoded by JSONEncoder, byte for byte")
    func fallback() throws {
        struct Plain: Encodable { var name = "a/b" }
        let coding = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        #expect(EncodeCheck.fast(Plain(), coding) == nil)
        #expect(try LemmyFastEncoding.encode(Plain(), coding: coding) == (try EncodeCheck.codable(Plain(), coding)))
        #expect(try LemmyFastEncoding.encode(Plain(), coding: coding) == Data(#"{"name":"a/b"}"#.utf8))
    }

    // MARK: Strings and numbers

    static let hostileStrings: [String] = [
        "", "plain", "q\"uote", "back\\slash", "\\\"", "slash/es http://a/b", "\u{0}", "nul\u{0}inside",
        String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }), "\u{7F}del", "line\u{2028}sep\u{2029}para",
        "emoji 😀👩‍👩‍👧‍👦🇩🇪", "é (precomposed) e\u{301} (combining)", "日本語テキスト", "\u{FEFF}leading bom", "inner\u{FEFF}bom", "\u{FFFF}\u{10FFFF}",
        "tab\tnew\nline\rcr\u{8}bs\u{C}ff", "</script>", "\\u0041 is not an escape here",
    ]

    @Test("Hostile strings are written as JSONEncoder writes them, byte for byte, and read back unchanged")
    func strings() throws {
        let coding = LemmyVersionedCoding(version: .v1_0_0_beta_1, absentMembers: .omit)
        let fast = try #require(EncodeCheck.fast(Self.hostileStrings, coding))
        #expect(fast == (try EncodeCheck.codable(Self.hostileStrings, coding)))
        #expect(try JSONDecoder().decode([String].self, from: fast) == Self.hostileStrings)
        // JSONSerialization (swift-corelibs) drops a string's leading U+FEFF, whoever wrote it.
        let parsed = try #require(try JSONSerialization.jsonObject(with: fast) as? [String])
        for (read, text) in zip(parsed, Self.hostileStrings) where !text.hasPrefix("\u{FEFF}") { #expect(read == text) }
        #expect(parsed.count == Self.hostileStrings.count)
        for text in Self.hostileStrings {
            let single = try #require(EncodeCheck.fast(text, coding))
            #expect(single == (try EncodeCheck.codable(text, coding)), "\(text.debugDescription)")
        }
    }

    @Test("Each byte that needs an escape, and each of its neighbours, is written as JSONEncoder writes it at every offset")
    func escapesAtEveryOffset() throws {
        // The writer scans eight bytes at a time: a byte missed by the word test would be copied
        // unescaped. Every length up to three words, every position, every byte below 0x20, `"`
        // and `\\`, and the bytes next to them that need no escape.
        let bytes: [UInt8] = Array(0...0x23) + [0x2F, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F]
        var strings: [String] = []
        for length in 1...24 {
            for offset in 0..<length {
                for byte in bytes {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[offset] = byte
                    strings.append(String(decoding: text, as: UTF8.self))
                }
            }
        }
        // Multi-byte characters (bytes of 0x80 and above) around the escapes, at every alignment.
        var generator = SplitMix(seed: 0x5C)
        let pieces = ["a", "\"", "\\", "\u{1F}", "\u{0}", "\n", " ", "!", "#", "é", "😀", "\u{7F}", "\u{80}", "日"]
        for _ in 0..<4000 {
            let count = Int(generator.next() % 40)
            strings.append((0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        let coding = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        let fast = try #require(EncodeCheck.fast(strings, coding))
        #expect(fast == (try EncodeCheck.codable(strings, coding)))
        #expect(try JSONDecoder().decode([String].self, from: fast) == strings)
    }

    @Test("A 1 MB string with escapes throughout round-trips")
    func largeString() throws {
        var text = ""
        var generator = SplitMix(seed: 2028)
        let pieces = Self.hostileStrings + ["a", "bc", "def ", "ghij "]
        while text.utf8.count < 1 << 20 { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
        let coding = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        let fast = try #require(EncodeCheck.fast([text], coding))
        #expect(fast == (try EncodeCheck.codable([text], coding)))
        #expect(try JSONDecoder().decode([String].self, from: fast) == [text])
    }

    @Test("Numbers are written as JSONEncoder writes them and read back bit for bit")
    func numbers() throws {
        var doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.5, 1e15, 1e15 - 1, 1e16, 123_456_789_012_345.6, 9_007_199_254_740_992, 2.2250738585072014e-308,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.30000000000000004, 1e-7, 4.35, 1e21, 1e22,
        ]
        var generator = SplitMix(seed: 15)
        for _ in 0..<2000 {
            let bits = generator.next()
            let value = Double(bitPattern: bits)
            if value.isFinite { doubles.append(value) }
            doubles.append(Double(bits % 10_000_000) / 1000)
            doubles.append(Double(Int64(bitPattern: bits) % 1_000_000_000_000_000))
        }
        let coding = LemmyVersionedCoding(version: .v0_19_13_beta_1, absentMembers: .omit)
        let fast = try #require(EncodeCheck.fast(doubles, coding))
        #expect(fast == (try EncodeCheck.codable(doubles, coding)))
        // JSONDecoder reads every one back bit for bit. (JSONSerialization on Linux rounds some
        // long fractions differently, from JSONEncoder's bytes as well, so it only checks count.)
        #expect(try JSONDecoder().decode([Double].self, from: fast).map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect((try JSONSerialization.jsonObject(with: fast) as? [Any])?.count == doubles.count)
        let ints = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1, 1_234_567_890]
        #expect(EncodeCheck.fast(ints, coding) == (try EncodeCheck.codable(ints, coding)))
        let flags = [true, false]
        #expect(EncodeCheck.fast(flags, coding) == (try EncodeCheck.codable(flags, coding)))
    }
}
