import Crypto
import Foundation
import HearthCore
import HearthReports
import HearthStore

/// The files of a frozen claim: its PDF, CSV and claim pack, made in the media library's temporary
/// folder (the caller removes them) from the snapshot, never from the items as they are now. A
/// file goes in only while a photo, receipt or document of the claim's household names it: a snapshot
/// restored from a backup may name any hash, and a hash alone never hands a file over.
struct ClaimFiles: Sendable {
    let media: MediaLibrary
    let inventory: InventoryStore

    /// The SHA-256 of a claim's JSON, as hex.
    static func sha256(_ data: Data) -> String {
        SHA256.hex(data)
    }

    func pdf(_ claim: Claim) async throws -> URL {
        let (snapshot, sha256) = try frozen(claim)
        let kept = try await keptFiles(snapshot, householdId: claim.householdId)
        var thumbnails: [UUID: URL] = [:]
        for line in snapshot.lines {
            if let photo = line.photos.first, kept.contains(photo.sha256) {
                thumbnails[line.itemId] = try? await media.renditionURL(photo.sha256, size: .thumb)
            }
        }
        let url = media.temporaryFolder.appendingPathComponent("claim-\(UUID().text).pdf")
        let outcomes = claim.lines, pictures = thumbnails
        do {
            try await Blocking.run { try ClaimExport.writePDF(snapshot, sha256: sha256, outcomes: outcomes, thumbnails: pictures, to: url.path) }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    func csv(_ claim: Claim) throws -> String {
        ClaimExport.csv(try frozen(claim).snapshot)
    }

    func pack(_ claim: Claim) async throws -> URL {
        let (snapshot, sha256) = try frozen(claim)
        let pdf = try await pdf(claim)
        defer { try? FileManager.default.removeItem(at: pdf) }
        let kept = try await keptFiles(snapshot, householdId: claim.householdId)
        var files: [String: URL] = [:]
        for file in snapshot.files where kept.contains(file.sha256) {
            // Pictures as full-size JPEGs (orientation applied, no location); a PDF as it is.
            files[file.name] = file.contentType == "application/pdf" ? media.originalURL(file.sha256)
                : try? await media.renditionURL(file.sha256, size: .original)
        }
        guard let json = claim.snapshotJSON else { throw InventoryError.claimNotFrozen }
        let csv = ClaimExport.csv(snapshot), found = files
        let url = media.temporaryFolder.appendingPathComponent("claim-pack-\(UUID().text).zip")
        do {
            try await Blocking.run {
                try ClaimPack.write(snapshotJSON: json, snapshot: snapshot, sha256: sha256, csv: csv, pdf: pdf, file: { found[$0.name] }, to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    /// The snapshot's files the household still names and the library has.
    private func keptFiles(_ snapshot: ClaimSnapshot, householdId: UUID) async throws -> Set<String> {
        let all = snapshot.files.map(\.sha256)
        return try await inventory.namedFiles(among: all, householdId: householdId).filter(media.has)
    }

    private func frozen(_ claim: Claim) throws -> (snapshot: ClaimSnapshot, sha256: String) {
        guard claim.status == .frozen, let snapshot = claim.snapshot, let sha256 = claim.sha256 else { throw InventoryError.claimNotFrozen }
        return (snapshot, sha256)
    }

    /// A file name part for a claim's downloads: `claim-2026-11-01-fire`.
    static func baseName(_ claim: Claim) -> String {
        "claim-\(claim.incident.date)-\(claim.incident.kind.rawValue)"
    }
}
