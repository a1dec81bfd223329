export { DEMO_FARMER, seedDemoCatalogue, seedDemoFarmer } from "./demo.service.ts";
