import Foundation
import Testing

@testable import FuzzChecks

/// Every file of `Fuzz/Corpus/<target>/` through the fuzz target's own check, without the fuzzer:
/// the seeds and every crash the fuzzer ever found stay regression tests.
@Suite struct CorpusTests {
    static let corpus = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Corpus")

    @Test(arguments: FuzzTarget.allCases)
    func corpusPasses(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appending(path: target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 3, "\(target.rawValue) needs a seed corpus")
        var accepted = 0
        for name in names {
            let outcome = target.check(try Data(contentsOf: folder.appending(path: name)))
            #expect(outcome.problem == nil, "\(target.rawValue)/\(name): \(outcome.problem ?? "")")
            if outcome == .accepted { accepted += 1 }
        }
        // A corpus the parser rejects whole would test nothing past its first guard.
        #expect(accepted > 0, "no input of \(target.rawValue) is accepted by its parser")
    }

    /// A value that does not survive its round trip is reported (the check can fail).
    @Test func aLossyRoundTripIsReported() {
        let problem = ParserChecks.roundTrip(
            5, encode: { _ in Data("4".utf8) }, decode: { Int(String(decoding: $0, as: UTF8.self)) ?? 0 })
        #expect(problem.problem != nil)
    }
}
