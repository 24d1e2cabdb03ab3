import HearthAPI
import OpenAPIRuntime
import Testing
@testable import HearthCLI

@Suite struct CLIErrorTests {
    @Test func anErrorAnswerSaysWhatTheServerSaid() {
        let problem = Components.Responses.Problem(body: .applicationProblemJson(
            .init(_type: "about:blank", title: "Gone", status: 410, detail: "This list is in Recently deleted; restore it first.")))
        #expect(CLIError(unexpected: Operations.GetList.Output.gone(problem)).description == "This list is in Recently deleted; restore it first.")
    }

    @Test func anUndocumentedAnswerGivesItsStatus() {
        let output = Operations.GetList.Output.undocumented(statusCode: 418, .init())
        #expect(CLIError(unexpected: output).description == "The server answered with an unexpected status 418.")
    }
}
