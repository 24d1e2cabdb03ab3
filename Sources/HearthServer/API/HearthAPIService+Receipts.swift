import Foundation
import HearthAPI
import HearthCore
import HearthMedia
import HearthStore
import OpenAPIRuntime

/// Receipts: uploaded and read on the server, or typed in; confirmed by a person; linked to items.
/// And barcodes read from a photo.
extension HearthAPIService {
    func listReceipts(_ input: Operations.ListReceipts.Input) async throws -> Operations.ListReceipts.Output {
        let user = try APIRequest.requireUser()
        let text = try InventoryInput.text(input.query.q, field: "q", maximumLength: 200)
        let receipts = try await services.inventory.receipts(householdId: user.householdId, matching: text)
        return .ok(.init(body: .json(.init(receipts: receipts.map { .init($0) }))))
    }

    func createReceipt(_ input: Operations.CreateReceipt.Input) async throws -> Operations.CreateReceipt.Output {
        let user = try APIRequest.requireUser()
        let chosenId = try Self.uuid(input.query.id)
        switch input.body {
        case .json(let body):
            let fields = try ReceiptFields(vendor: body.vendor, date: InventoryInput.date(body.date, field: "date"), total: body.total?.domain,
                                           tax: body.tax?.domain, number: body.number, lines: (body.lines ?? []).map(\.domain))
            let result = try await services.inventory.createReceipt(id: try Self.uuid(body.id) ?? chosenId, householdId: user.householdId, image: nil, fields: fields)
            if result.created { await services.events.publishInventoryChange("receiptAdded", householdId: user.householdId, receiptId: result.receipt.id, by: user.id) }
            return result.created ? .created(.init(body: .json(.init(result.receipt)))) : .ok(.init(body: .json(.init(result.receipt))))
        case .multipartForm(let parts):
            let file = try await receiveOne(parts.compactMap { part -> HTTPBody? in if case .file(let file) = part { file.payload.body } else { nil } })
            defer { services.media.discard(file) }
            let stored = try await services.media.prepare(file, allowPDF: true)
            let made: (receipt: Receipt, created: Bool)
            do {
                made = try await services.inventory.createReceipt(id: chosenId, householdId: user.householdId, image: stored,
                                                                  fields: nil, place: services.media.placer([stored.sha256: file.temporary]))
            } catch {
                await services.media.removeUnreferenced([stored.sha256])  // its JPEGs, made already
                throw error
            }
            let receipt = made.receipt
            guard made.created else {  // the same upload again: the receipt it made, read or being read
                await services.media.removeUnreferenced([stored.sha256])
                return .ok(.init(body: .json(.init(receipt))))
            }
            services.receiptQueue.enqueue(.init(receiptId: receipt.id, householdId: user.householdId, sha256: stored.sha256))
            await services.events.publishInventoryChange("receiptAdded", householdId: user.householdId, receiptId: receipt.id, by: user.id)
            return .accepted(.init(body: .json(.init(receipt))))
        }
    }

    func getReceipt(_ input: Operations.GetReceipt.Input) async throws -> Operations.GetReceipt.Output {
        let user = try APIRequest.requireUser()
        guard let receipt = try await services.inventory.receipt(id: try Self.uuid(input.path.id), householdId: user.householdId) else {
            throw InventoryError.receiptNotFound
        }
        return .ok(.init(body: .json(.init(receipt))))
    }

    func confirmReceipt(_ input: Operations.ConfirmReceipt.Input) async throws -> Operations.ConfirmReceipt.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let fields = try ReceiptFields(vendor: body.vendor, date: InventoryInput.date(body.date, field: "date"), total: body.total?.domain,
                                       tax: body.tax?.domain, number: body.number, lines: (body.lines ?? []).map(\.domain))
        let receipt = try await services.inventory.confirmReceipt(id: try Self.uuid(input.path.id), householdId: user.householdId, fields)
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, receiptId: receipt.id, by: user.id)
        return .ok(.init(body: .json(.init(receipt))))
    }

    func deleteReceipt(_ input: Operations.DeleteReceipt.Input) async throws -> Operations.DeleteReceipt.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        if let file = try await services.inventory.deleteReceipt(id: id, householdId: user.householdId) {
            await services.media.removeUnreferenced([file])
        }
        await services.events.publishInventoryChange("receiptDeleted", householdId: user.householdId, receiptId: id, by: user.id)
        return .noContent
    }

    func getReceiptImage(_ input: Operations.GetReceiptImage.Input) async throws -> Operations.GetReceiptImage.Output {
        let user = try APIRequest.requireUser()
        guard let receipt = try await services.inventory.receipt(id: try Self.uuid(input.path.id), householdId: user.householdId),
              let image = receipt.image
        else { throw InventoryError.receiptNotFound }
        let size = PhotoURL.Size(rawValue: input.query.size?.rawValue ?? "medium") ?? .medium
        let headers = Operations.GetReceiptImage.Output.Ok.Headers(eTag: StoredFileCaching(sha256: image.sha256, size: size).etag,
                                                                    cacheControl: StoredFileCaching.cacheControl)
        guard size == .original else {
            return .ok(.init(headers: headers, body: .jpeg(HTTPBody(try await services.media.rendition(image.sha256, size: size)))))
        }
        let file = try services.media.original(image.sha256)
        let body: Operations.GetReceiptImage.Output.Ok.Body = switch image.contentType {
        case "image/png": .png(file)
        case "image/webp": .imageWebp(file)
        case "image/heic": .imageHeic(file)
        case "application/pdf": .pdf(file)
        default: .jpeg(file)
        }
        return .ok(.init(headers: headers, body: body))
    }

    func linkReceipt(_ input: Operations.LinkReceipt.Input) async throws -> Operations.LinkReceipt.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let id = try Self.uuid(input.path.id), itemId = try Self.uuid(body.itemId)
        let result = try await services.inventory.linkReceipt(id: id, itemId: itemId, householdId: user.householdId, line: body.line,
                                                              fill: ReceiptFill(rawValue: body.fill?.rawValue ?? "empty") ?? .empty)
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, itemId: itemId, receiptId: id, by: user.id)
        return .ok(.init(body: .json(.init(item: .init(result.item, valuation: try await services.valuation(for: user)), conflicts: result.conflicts.compactMap { .init(rawValue: $0) }))))
    }

    func unlinkReceipt(_ input: Operations.UnlinkReceipt.Input) async throws -> Operations.UnlinkReceipt.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id), itemId = try Self.uuid(input.path.itemId)
        try await services.inventory.unlinkReceipt(id: id, itemId: itemId, householdId: user.householdId)
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, itemId: itemId, receiptId: id, by: user.id)
        return .noContent
    }

    func readBarcode(_ input: Operations.ReadBarcode.Input) async throws -> Operations.ReadBarcode.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .multipartForm(let body): body }
        let upload = try await receiveOne(body.compactMap { part -> HTTPBody? in if case .file(let file) = part { file.payload.body } else { nil } })
        defer { services.media.discard(upload) }
        let codes = try await services.barcodes.codes(inImageAt: upload.temporary.path)
        let valuation = try await services.valuation(for: user)
        var owned: [InventoryItem] = [], labelled: InventoryItem?
        if let first = codes.first {
            owned = try await services.inventory.items(householdId: user.householdId, ItemQuery(barcode: first.text, limit: 20)).items
        }
        if let id = codes.lazy.compactMap({ LabelCode.itemId(in: $0.text) }).first {
            labelled = try await services.inventory.item(id: id, householdId: user.householdId)
        }
        return .ok(.init(body: .json(.init(codes: codes.map { .init(symbology: $0.symbology, text: $0.text) }, owned: owned.map { .init($0, valuation: valuation) },
                                           labelled: labelled.map { .init($0, valuation: valuation) }))))
    }

    /// The one file of a single-file upload, received into a temporary file of at most `limit` bytes
    /// (else the limit for photos).
    func receiveOne(_ files: some AsyncSequence<HTTPBody, any Error>, limit: Int? = nil) async throws -> MediaLibrary.Upload {
        var upload: MediaLibrary.Upload?
        for try await file in files {
            guard upload == nil else {
                if let upload { services.media.discard(upload) }
                throw HTTPErrorMessage.badRequest("Send one file as the part named “file”.")
            }
            upload = try await services.media.receive(file, limit: limit)
        }
        guard let upload else { throw HTTPErrorMessage.badRequest("Send the file as a part named “file”.") }
        return upload
    }
}
