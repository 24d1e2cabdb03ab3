/// Lets at most `limit` heavy jobs run at once; the others wait their turn in order, suspended
/// (holding no thread). Keeps memory bounded when many uploads arrive together.
actor JobGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Returns when a slot is free; pair every call with one `leave()`.
    func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Frees the slot, handing it straight to the longest-waiting job if there is one.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
