import type { Affiliate, AffiliateDetail, AffiliateMetrics, StaffMetrics } from '@galeno/domain/contracts/affiliates';
import type {
  AuthUserResponse,
  RequestOtpResponse,
  SignupResponse,
  TokenRefreshResponse,
  TrialSummary,
  UserExistsResponse,
} from '@galeno/domain/contracts/auth';
import type { Success } from '@galeno/domain/contracts/common';
import type { BankChanges, HeldItemsResponse, MyBankChanges } from '@galeno/domain/contracts/content-review';
import type { PlanResponse } from '@galeno/domain/contracts/plan';
import type {
  DiscountQuizEvaluation,
  DiscountQuizQuestion,
  DiscountRecord,
  PublicDiscountClaimResponse,
  SaveDiscountQuizEvaluationResponse,
} from '@galeno/domain/contracts/discount-quiz';
import type { ReviewSummary } from '@galeno/domain/contracts/flashcards';
import type { ActivationResponse, CheckoutStatus, GroupMembership, PaymentHistory, Quotes } from '@galeno/domain/contracts/payments';
import type {
  FallbackLogin,
  LoginDataResponse,
  ProfileResponse,
  StudySettings,
  UpdateNameResponse,
} from '@galeno/domain/contracts/profile';
import type {
  ExamAvailable,
  FlaggedQuestionList,
  FlaggedQuestions,
  OpenSessionResponse,
  Pack,
  QuestionEvaluation,
  QuestionFlag,
  QuizSession,
} from '@galeno/domain/contracts/quiz';
import type { InvoiceQueue, InvoiceRequest, InvoiceRequests } from '@galeno/domain/contracts/invoices';
import type { CreateReportResponse } from '@galeno/domain/contracts/reports';
import type { SameItemsStandingResponse, StatsSummary } from '@galeno/domain/contracts/stats';

/*
 * What each API route answers with status 200, as the shared contracts say: the unit tests' fetch mocks
 * (api-mock.ts) take a body only of this type for the route they stand in for, so a mock cannot drift from the
 * server's answer. A route that is not listed here cannot be mocked until it is.
 */
export interface ApiRoutes {
  'GET /api/user/profile': ProfileResponse;
  'PUT /api/user/study-settings': StudySettings;
  'PATCH /api/user/update-speciality': Success;
  'PUT /api/user/name': UpdateNameResponse;
  'PUT /api/user/fallback-login': { fallbackLogin: FallbackLogin };
  'POST /api/user/login-data/code': Success;
  'PUT /api/user/login-data': LoginDataResponse;
  'GET /api/staggered-auth/user/me': AuthUserResponse;
  'GET /api/staggered-auth/token/refresh': TokenRefreshResponse;
  'GET /api/staggered-auth/login/trial-period': AuthUserResponse;
  'POST /api/staggered-auth/request-otp': RequestOtpResponse;
  'POST /api/staggered-auth/login/otp': AuthUserResponse;
  'POST /api/staggered-auth/login/birthdate': AuthUserResponse;
  'POST /api/staggered-auth/login/phone-number': AuthUserResponse;
  'POST /api/staggered-auth/user/signup': SignupResponse;
  'POST /api/staggered-auth/user/exists': UserExistsResponse;
  'POST /api/staggered-auth/account/delete-code': Success;
  'POST /api/staggered-auth/account/delete': Success;
  'GET /api/payments/history': PaymentHistory;
  'GET /api/staggered-auth/trial/summary': TrialSummary;
  'POST /api/staggered-auth/logout': Success;
  'GET /api/ankis/review/summary': ReviewSummary;
  'GET /api/affiliates': AffiliateDetail[];
  'POST /api/affiliates': AffiliateDetail;
  /** `/api/affiliates/metrics/:shortId` answers with metrics, `/api/affiliates/:shortId` with the affiliate. */
  [route: `GET /api/affiliates/${string}`]: Affiliate | AffiliateMetrics;
  'GET /api/visits/metrics': StaffMetrics;
  'GET /api/content-review/held': HeldItemsResponse;
  'GET /api/content/changes': BankChanges;
  'GET /api/plan': PlanResponse;
  'PUT /api/plan/settings': PlanResponse;
  'POST /api/plan/digest/unsubscribe': Success;
  'GET /api/content/changes/mine': MyBankChanges;
  'POST /api/content/changes/mine/seen': Success;
  [route: `POST /api/content-review/held/${string}`]: { id: string; status: 'published' | 'retired' };
  'GET /api/payments/quotes': Quotes;
  'POST /api/payments/stripe-checkout-session': { sessionUrl: string };
  [route: `GET /api/payments/checkout-session/${string}`]: CheckoutStatus;
  'GET /api/group-membership': { groupMembership: GroupMembership | null };
  'POST /api/group-membership/affiliates': Success;
  'POST /api/group-membership/activate': ActivationResponse;
  'GET /api/discount-quiz/question/random': DiscountQuizQuestion;
  'GET /api/discount-quiz/evaluations': DiscountQuizEvaluation[];
  'POST /api/discount-quiz/evaluations/save': SaveDiscountQuizEvaluationResponse;
  'GET /api/discount-quiz/discounts/last': { discount: DiscountRecord | null };
  'POST /api/discount-quiz/discounts/save': DiscountRecord;
  'POST /api/discount-quiz/public-discounts': PublicDiscountClaimResponse;
  'POST /api/reports': CreateReportResponse;
  'GET /api/stats/summary': StatsSummary;
  'GET /api/stats/same-items': SameItemsStandingResponse;
  'GET /api/quiz/flags': FlaggedQuestions;
  'GET /api/quiz/flags/questions': FlaggedQuestionList;
  'GET /api/quiz/sessions/open': OpenSessionResponse;
  'POST /api/quiz/exams/available': ExamAvailable;
  'POST /api/quiz/exams': QuizSession;
  'POST /api/quiz/review-sessions': QuizSession;
  'POST /api/quiz/packs': Pack;
  'POST /api/quiz/evaluate/clinic-case': QuestionEvaluation[];
  [route: `PUT /api/quiz/flags/${string}`]: QuestionFlag;
  'GET /api/invoices': InvoiceRequests;
  'POST /api/invoices': InvoiceRequest;
  'GET /api/invoices/queue': InvoiceQueue;
  /** `POST /api/invoices/:id/issued`. */
  [route: `POST /api/invoices/${string}/issued`]: InvoiceRequest;
}
