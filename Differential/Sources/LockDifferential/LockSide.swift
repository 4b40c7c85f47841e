import DifferentialSupport
import Foundation
import LockInterface

/// A pair locking and the lock folder its instances share, running steps and saying what each
/// did in words both sides share: who holds a refused lock, an unavailable lock by kind only
/// (its message names paths and system messages that differ), never a file's text.
class LockSide {
    /// The instances, all on one lock folder.
    let instances: [any PairLocking]
    /// Every lock taken so far, in order; released ones stay (releasing twice is harmless).
    private var taken: [any HeldLock] = []
    /// Makes a plant where `name`'s lock file lives; nil on success, else the `errno`.
    let plant: (String, Plant) -> Int32?
    /// Removes what is where `name`'s lock file lives; nil on success, else the `errno`.
    let removeFile: (String) -> Int32?

    init(
        instances: [any PairLocking], plant: @escaping (String, Plant) -> Int32?,
        removeFile: @escaping (String) -> Int32?
    ) {
        self.instances = instances
        self.plant = plant
        self.removeFile = removeFile
    }

    /// Runs `step` and returns what it did, as one line.
    func run(_ step: LockStep) -> String {
        switch step {
        case .acquire(let instance, let name, let holder):
            do {
                taken.append(try instances[instance % instances.count].acquire(name, holder: holder))
                return "took taken[\(taken.count - 1)]"
            } catch LockError.held(let holder) {
                return "held by \(holder.debugDescription)"
            } catch LockError.unavailable {
                return "unavailable"
            } catch {
                return "unexpected \(type(of: error)): \(error)"
            }
        case .release(let index):
            guard !taken.isEmpty else { return "nothing taken" }
            let chosen = index < 0 ? taken.count - 1 : index % taken.count
            taken[chosen].release()
            return "released taken[\(chosen)]"
        case .plant(let name, let what):
            return plant(name, what).map { "errno \($0)" } ?? "ok"
        case .removeFile(let name):
            return removeFile(name).map { "errno \($0)" } ?? "ok"
        }
    }

    /// Releases every lock still taken, as a process does when it ends.
    func releaseAll() {
        for lock in taken { lock.release() }
    }
}
