import Foundation
import HearthAPI
import HearthCore
import HearthStore
import HTTPTypes
import OpenAPIRuntime

/// An item's photos: several uploaded in one request, reordered, deleted, and served as JPEGs.
extension HearthAPIService {
    func listItemPhotos(_ input: Operations.ListItemPhotos.Input) async throws -> Operations.ListItemPhotos.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        guard try await services.inventory.item(id: id, householdId: user.householdId) != nil else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        let photos = try await services.inventory.photos(itemId: id, householdId: user.householdId)
        return .ok(.init(body: .json(.init(photos: photos.map { .init($0) }))))
    }

    func uploadItemPhotos(_ input: Operations.UploadItemPhotos.Input) async throws -> Operations.UploadItemPhotos.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        // Another household's item, or a deleted one, is refused before the body is read.
        guard try await services.inventory.item(id: id, householdId: user.householdId) != nil else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        let body = switch input.body { case .multipartForm(let body): body }
        var uploads: [MediaLibrary.Upload] = []
        do {
            for try await part in body {
                guard case .file(let file) = part else { continue }
                guard uploads.count < 20 else { throw HTTPErrorMessage.badRequest("Send at most 20 photos at once.") }
                uploads.append(try await services.media.receive(file.payload.body))
            }
            guard !uploads.isEmpty else { throw HTTPErrorMessage.badRequest("Send at least one photo as a part named “file”.") }
            let photoIds = try Self.photoIds(input.query.ids, count: uploads.count)
            var files: [StoredFile] = []
            for upload in uploads { files.append(try await services.media.prepare(upload)) }
            let sources = Dictionary(uploads.map { ($0.sha256, $0.temporary) }, uniquingKeysWith: { first, _ in first })
            do {
                _ = try await services.inventory.addPhotos(files, itemId: id, householdId: user.householdId, ids: photoIds,
                                                           place: services.media.placer(sources))
            } catch {
                await services.media.removeUnreferenced(files.map(\.sha256))  // their JPEGs, made already
                throw error
            }
            for upload in uploads { services.media.discard(upload) }
        } catch {
            for upload in uploads { services.media.discard(upload) }
            throw error
        }
        await services.events.publishInventoryChange("photosAdded", itemId: id, by: user)
        let photos = try await services.inventory.photos(itemId: id, householdId: user.householdId)
        return .created(.init(body: .json(.init(photos: photos.map { .init($0) }))))
    }

    /// The client's ids for the uploaded photos (`ids`), one per file, or nil without them.
    static func photoIds(_ text: String?, count: Int) throws -> [UUID]? {
        guard let text else { return nil }
        let ids = text.split(separator: ",", omittingEmptySubsequences: false).map { UUID(uuidString: String($0)) }
        guard ids.count == count, Set(ids.compactMap { $0 }).count == count else {
            throw HTTPErrorMessage.badRequest("“ids” must be \(count) different ids, one for each file, separated by commas.")
        }
        return ids.compactMap { $0 }
    }

    func getItemPhoto(_ input: Operations.GetItemPhoto.Input) async throws -> Operations.GetItemPhoto.Output {
        let user = try APIRequest.requireUser()
        let size = PhotoURL.Size(rawValue: input.query.size?.rawValue ?? "medium") ?? .medium
        guard let photo = try await services.inventory.photo(id: try Self.uuid(input.path.photoId), itemId: try Self.uuid(input.path.id),
                                                             householdId: user.householdId)
        else { throw InventoryError.photoNotFound }
        let caching = StoredFileCaching(sha256: photo.sha256, size: size)
        if caching.isCurrent(input.headers.ifNoneMatch) {
            return .notModified(.init(headers: .init(eTag: caching.etag, cacheControl: StoredFileCaching.cacheControl)))
        }
        let headers = Operations.GetItemPhoto.Output.Ok.Headers(eTag: caching.etag, cacheControl: StoredFileCaching.cacheControl)
        guard size == .original else {
            return .ok(.init(headers: headers, body: .jpeg(HTTPBody(try await services.media.rendition(photo.sha256, size: size)))))
        }
        let file = try services.media.original(photo.sha256)
        let body: Operations.GetItemPhoto.Output.Ok.Body = switch photo.contentType {
        case "image/png": .png(file)
        case "image/webp": .imageWebp(file)
        case "image/heic": .imageHeic(file)
        default: .jpeg(file)
        }
        return .ok(.init(headers: headers, body: body))
    }

    func moveItemPhoto(_ input: Operations.MoveItemPhoto.Input) async throws -> Operations.MoveItemPhoto.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let id = try Self.uuid(input.path.id)
        let photos = try await services.inventory.movePhoto(id: try Self.uuid(input.path.photoId), itemId: id, householdId: user.householdId,
                                                            to: body.position)
        await services.events.publishInventoryChange("photosChanged", itemId: id, by: user)
        return .ok(.init(body: .json(.init(photos: photos.map { .init($0) }))))
    }

    func deleteItemPhoto(_ input: Operations.DeleteItemPhoto.Input) async throws -> Operations.DeleteItemPhoto.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        let file = try await services.inventory.deletePhoto(id: try Self.uuid(input.path.photoId), itemId: id, householdId: user.householdId)
        await services.media.removeUnreferenced([file])
        await services.events.publishInventoryChange("photosChanged", itemId: id, by: user)
        return .noContent
    }
}
