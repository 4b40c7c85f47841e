import SyncWatch

/// Runs a ``WatchSchedule`` as a watch loop would, on scripted time: changes at given instants,
/// syncs that take a scripted time and end with a scripted outcome. Exact, no clock, no sleep.
struct Simulation {
    var schedule: WatchSchedule
    var now: Duration = .zero
    /// What started when: "t pair reason".
    private(set) var starts: [String] = []
    /// Running syncs: pair → when it ends.
    private var running: [String: Duration] = [:]
    /// How long each sync takes.
    var syncTime: Duration = .zero
    /// The outcomes of the next syncs, per pair (then `.synced`).
    var outcomes: [String: [PairSyncOutcome]] = [:]

    init(pairs: [String] = ["p"], settings: WatchSettings) {
        schedule = WatchSchedule(pairs: pairs, settings: settings, now: .zero)
    }

    /// Runs every start and finish due up to `target`, in time order, then sets the time there.
    mutating func run(until target: Duration) {
        while true {
            let finish = running.min { ($0.value, $0.key) < ($1.value, $1.key) }
            let deadline = schedule.nextDeadline
            let next = [finish?.value, deadline].compactMap { $0 }.min()
            guard let next, next <= target else { break }
            now = max(now, next)
            if let finish, finish.value <= now {
                running.removeValue(forKey: finish.key)
                let outcome = outcomes[finish.key]?.isEmpty == false ? outcomes[finish.key]!.removeFirst() : .synced
                schedule.finish(finish.key, outcome, at: now)
                continue
            }
            for (pair, reason) in schedule.startDue(at: now) {
                starts.append("\(Self.seconds(now)) \(pair) \(reason.rawValue)")
                running[pair] = now + syncTime
            }
        }
        now = max(now, target)
    }

    /// A change of `pair` at time `at` (the loop first catches up to it).
    mutating func change(_ pair: String = "p", at instant: Duration) {
        run(until: instant)
        schedule.noteChange(of: pair, at: instant)
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(Double(milliseconds) / 1000)s"
    }
}
