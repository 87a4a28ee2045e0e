export { Hotel, HotelService } from './HotelService.ts'
