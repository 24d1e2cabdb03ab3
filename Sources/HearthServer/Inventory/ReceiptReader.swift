import Foundation
import HearthCore
import HearthMedia
import HearthStore
import Logging
import ServiceLifecycle

/// Reads receipts off the request path: an upload is queued here and answered at once with status
/// `reading`; the reader runs OCR on one receipt at a time, stores the text and what it proposes,
/// and tells the household's pages (`receiptRead`). Receipts still `reading` when the server
/// stopped are read again at start, so a crash loses no upload.
struct ReceiptReader: Service {
    /// A receipt waiting to be read.
    struct Job: Sendable {
        let receiptId: UUID
        let householdId: UUID
        let sha256: String
    }

    /// Where uploads leave their jobs.
    final class Queue: Sendable {
        let jobs: AsyncStream<Job>
        private let continuation: AsyncStream<Job>.Continuation

        init() {
            (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
        }

        func enqueue(_ job: Job) {
            continuation.yield(job)
        }
    }

    let queue: Queue
    let inventory: InventoryStore
    let media: MediaLibrary
    let recognizer: TextRecognizer
    let events: EventHub
    let logger: Logger

    func run() async throws {
        do {
            for pending in try await inventory.receiptsBeingRead() {
                queue.enqueue(Job(receiptId: pending.id, householdId: pending.householdId, sha256: pending.sha256))
            }
        } catch {
            logger.warning("Could not find receipts left unread: \(error)")
        }
        await cancelWhenGracefulShutdown {
            for await job in queue.jobs {
                if Task.isCancelled { break }
                await read(job)
            }
        }
    }

    /// Reads one receipt; whatever happens, it leaves `reading` (as `read` or `unreadable`).
    func read(_ job: Job) async {
        var text = ""
        var proposal: ReceiptProposal?
        do {
            text = try await recognizer.text(inImageAt: media.originalURL(job.sha256).path)
            let found = ReceiptReading.propose(from: text, fallbackCurrency: try await inventory.currency(householdId: job.householdId))
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
