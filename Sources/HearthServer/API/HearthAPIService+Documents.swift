import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// An item's documents: a manual, warranty, appraisal, receipt or other paper, uploaded one at a
/// time, renamed, deleted, and served as a download or as a JPEG of its first page.
extension HearthAPIService {
    func listItemDocuments(_ input: Operations.ListItemDocuments.Input) async throws -> Operations.ListItemDocuments.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        guard try await services.inventory.item(id: id, householdId: user.householdId, includingDeleted: true) != nil else {
            throw InventoryError.itemNotFound
        }
        let documents = try await services.inventory.documents(itemId: id, householdId: user.householdId)
        return .ok(.init(body: .json(.init(documents: documents.map { .init($0) }))))
    }

    func uploadItemDocument(_ input: Operations.UploadItemDocument.Input) async throws -> Operations.UploadItemDocument.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        // Another household's item, or a deleted one, is refused before the body is read.
        guard try await services.inventory.item(id: id, householdId: user.householdId) != nil else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        let kind = ItemDocument.Kind(rawValue: input.query.kind?.rawValue ?? "other") ?? .other
        let body = switch input.body { case .multipartForm(let body): body }
        var fileName: String?
        let upload = try await receiveOne(body.compactMap { part -> HTTPBody? in
            guard case .file(let file) = part else { return nil }
            fileName = file.filename
            return file.payload.body
        })
        defer { services.media.discard(upload) }
        let (file, pages) = try await services.media.prepareDocument(upload)
        let made: (document: ItemDocument, created: Bool)
        do {
            made = try await services.inventory.addDocument(file, kind: kind, title: input.query.title, fileName: fileName, pageCount: pages, itemId: id,
                                                            householdId: user.householdId, id: try Self.uuid(input.query.id),
                                                            place: services.media.placer([file.sha256: upload.temporary]))
        } catch {
            await services.media.removeUnreferenced([file.sha256])  // its JPEGs, made already
            throw error
        }
        guard made.created else {
            await services.media.removeUnreferenced([file.sha256])
            return .ok(.init(body: .json(.init(made.document))))
        }
        await services.events.publishInventoryChange("documentsChanged", itemId: id, by: user)
        return .created(.init(body: .json(.init(made.document))))
    }

    func getItemDocument(_ input: Operations.GetItemDocument.Input) async throws -> Operations.GetItemDocument.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(try await document(input.path.documentId, of: input.path.id, householdId: user.householdId)))))
    }

    func updateItemDocument(_ input: Operations.UpdateItemDocument.Input) async throws -> Operations.UpdateItemDocument.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id), documentId = try Self.uuid(input.path.documentId)
        let body = switch input.body { case .json(let body): body }
        let document = try await services.inventory.updateDocument(id: documentId, itemId: id, householdId: user.householdId,
                                                                  kind: body.kind.flatMap { ItemDocument.Kind(rawValue: $0.rawValue) },
                                                                  title: body.title)
        await services.events.publishInventoryChange("documentsChanged", itemId: id, by: user)
        return .ok(.init(body: .json(.init(document))))
    }

    func deleteItemDocument(_ input: Operations.DeleteItemDocument.Input) async throws -> Operations.DeleteItemDocument.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        let file = try await services.inventory.deleteDocument(id: try Self.uuid(input.path.documentId), itemId: id, householdId: user.householdId)
        await services.media.removeUnreferenced([file])
        await services.events.publishInventoryChange("documentsChanged", itemId: id, by: user)
        return .noContent
    }

    func getItemDocumentFile(_ input: Operations.GetItemDocumentFile.Input) async throws -> Operations.GetItemDocumentFile.Output {
        let user = try APIRequest.requireUser()
        let document = try await document(input.path.documentId, of: input.path.id, householdId: user.householdId)
        let size = PhotoURL.Size(rawValue: input.query.size?.rawValue ?? "original") ?? .original
        let caching = StoredFileCaching(sha256: document.file.sha256, size: size)
        if caching.isCurrent(input.headers.ifNoneMatch) {
            return .notModified(.init(headers: .init(eTag: caching.etag, cacheControl: StoredFileCaching.cacheControl)))
        }
        guard size == .original else {
            let headers = Operations.GetItemDocumentFile.Output.Ok.Headers(eTag: caching.etag, cacheControl: StoredFileCaching.cacheControl)
            return .ok(.init(headers: headers, body: .jpeg(HTTPBody(try await services.media.rendition(document.file.sha256, size: size)))))
        }
        let headers = Operations.GetItemDocumentFile.Output.Ok.Headers(eTag: caching.etag, cacheControl: StoredFileCaching.cacheControl,
                                                                       contentDisposition: ContentDisposition.attachment(document.fileName))
        let file = try services.media.original(document.file.sha256)
        let body: Operations.GetItemDocumentFile.Output.Ok.Body = switch document.file.contentType {
        case "application/pdf": .pdf(file)
        case "image/png": .png(file)
        case "image/webp": .imageWebp(file)
        case "image/heic": .imageHeic(file)
        default: .jpeg(file)
        }
        return .ok(.init(headers: headers, body: body))
    }

    /// A document of one of the household's items (also of one in Recently deleted), or 404.
    private func document(_ documentId: String, of itemId: String, householdId: UUID) async throws -> ItemDocument {
        guard let document = try await services.inventory.document(id: try Self.uuid(documentId), itemId: try Self.uuid(itemId), householdId: householdId)
        else { throw InventoryError.documentNotFound }
        return document
    }
}

extension Components.Schemas.ItemDocument {
    init(_ document: ItemDocument) {
        let path = "/api/v1/inventory/items/\(document.itemId.text)/documents/\(document.id.text)/file"
        self.init(id: document.id.text, itemId: document.itemId.text, kind: .init(rawValue: document.kind.rawValue) ?? .other, title: document.title,
                  fileName: document.fileName, contentType: document.file.contentType, byteSize: document.file.byteSize,
                  pageCount: document.pageCount, createdAt: document.createdAt, updatedAt: document.updatedAt,
                  thumbUrl: path + "?size=thumb", fileUrl: path)
    }
}

/// The `Content-Disposition` of a download: the name in ASCII for every client, and in UTF-8 (RFC 6266) for those that read it.
enum ContentDisposition {
    static func attachment(_ fileName: String) -> String {
        let ascii = String(fileName.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
