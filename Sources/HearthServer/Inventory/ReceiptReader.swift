import Foundation
import HearthCore
import HearthMedia
import HearthStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Reads receipts off the request path: an upload is queued here and answered at once with status
/// `reading`; the reader runs OCR on one receipt at a time, stores the text and what it proposes,
/// and tells the household's pages (`receiptRead`). Receipts still `reading` when the server
/// stopped are read again at start, so a crash loses no upload. In a cluster each receipt is read
/// by the server that holds its lock (``SessionLocks``), and every server looks every
/// ``sweepInterval`` for receipts whose server died while reading them.
struct ReceiptReader: Service {
    /// A receipt waiting to be read.
    struct Job: Sendable {
        let receiptId: UUID
        let householdId: UUID
        let sha256: String
    }

    /// Where uploads leave their jobs; a receipt waits in it once at most.
    final class Queue: Sendable {
        let jobs: AsyncStream<Job>
        private let continuation: AsyncStream<Job>.Continuation
        private let waiting = NIOLockedValueBox<Set<UUID>>([])

        init() {
            (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
        }

        func enqueue(_ job: Job) {
            guard waiting.withLockedValue({ $0.insert(job.receiptId).inserted }) else { return }
            continuation.yield(job)
        }

        /// A job is taken off the queue to be read.
        func taken(_ job: Job) {
            _ = waiting.withLockedValue { $0.remove(job.receiptId) }
        }
    }

    static let sweepInterval: Duration = .seconds(10)

    let queue: Queue
    let inventory: InventoryStore
    let media: MediaLibrary
    let recognizer: TextRecognizer
    let events: EventHub
    /// The receipts this server reads, on PostgreSQL; nil on SQLite, where it reads them all.
    let locks: SessionLocks?
    let logger: Logger

    func run() async throws {
        await enqueueUnread()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if locks != nil {
                    group.addTask {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: Self.sweepInterval)
                            await enqueueUnread()
                        }
                    }
                }
                group.addTask {
                    for await job in queue.jobs {
                        if Task.isCancelled { break }
                        queue.taken(job)
                        await read(job)
                    }
                }
            }
        }
    }

    /// Queues every receipt still waiting for its reading.
    private func enqueueUnread() async {
        do {
            for pending in try await inventory.receiptsBeingRead() {
                queue.enqueue(Job(receiptId: pending.id, householdId: pending.householdId, sha256: pending.sha256))
            }
        } catch {
            logger.warning("Could not find receipts left unread: \(error)")
        }
    }

    /// Reads one receipt, unless another server is reading it or has read it; whatever happens, it
    /// leaves `reading` (as `read` or `unreadable`).
    func read(_ job: Job) async {
        let lock = "receipt:" + job.receiptId.text
        if let locks, (try? await locks.take(lock)) != true { return }
        if (try? await inventory.isBeingRead(receiptId: job.receiptId)) == true { await recognize(job) }
        await locks?.release(lock)
    }

    private func recognize(_ job: Job) async {
        var text = ""
        var proposal: ReceiptProposal?
        do {
            let lines = try await recognizer.lines(inImageAt: media.originalURL(job.sha256).path)
            text = lines.map(\.text).joined(separator: "\n")
            let found = ReceiptReading.propose(from: lines.map { ($0.text, $0.confidence) },
                                               fallbackCurrency: try await inventory.currency(householdId: job.householdId))
            if found.vendor != nil || found.date != nil || found.total != nil || !found.lines.isEmpty { proposal = found }
        } catch {
            logger.warning("Could not read receipt \(job.receiptId): \(error)")
        }
        do {
            try await inventory.recordReading(receiptId: job.receiptId, householdId: job.householdId, text: text, proposal: proposal)
        } catch {
            logger.error("Could not store the reading of receipt \(job.receiptId): \(error)")
        }
        await events.publishInventoryChange("receiptRead", householdId: job.householdId, receiptId: job.receiptId, by: nil)
    }
}
